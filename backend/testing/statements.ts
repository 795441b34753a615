import type { Kysely } from "kysely";
import type { Database } from "../db/types";

/**
 * The database seen through a counter of the statements run on it (transactions included), for
 * tests that bound how many statements a piece of work takes whatever its size.
 */
export function countingStatements(db: Kysely<Database>): {
  db: Kysely<Database>;
  count: () => number;
  reset: () => void;
} {
  let statements = 0;
  const counting = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements++;
      return args.result;
    },
  });
  return {
    db: counting,
    count: () => statements,
    reset: () => {
      statements = 0;
    },
  };
}
