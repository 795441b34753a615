/**
 * PostgreSQL statements prepared once per connection (ADR 0049), as SQLite's are by
 * `withStatementCache`: Kysely sends every query with its text, and PostgreSQL then parses and plans
 * it afresh on every call, which cost more than running most of the back-end's short, index-driven
 * queries. A query with parameters now goes as a named statement: parsed once per connection, then
 * only bound and run.
 */
import type pg from "pg";

/**
 * Named statements per connection: the back-end's query shapes, with room for IN lists of many
 * sizes. Beyond it a new text goes unnamed, as before, so what each server process keeps is bounded
 * (a plan over many month partitions is not small) and nothing is ever deallocated; the pool
 * replaces a connection after `connectionUses` checkouts, so a connection whose names went to rare
 * texts does not keep them for good.
 */
export const preparedStatementsPerConnection = 200;

/** Checkouts after which the pool closes a connection and opens a new one (pg-pool's `maxUses`). */
export const connectionUses = 10_000;

type Callback = (error: unknown, result?: unknown) => void;
type Query = (config: unknown, values?: unknown, callback?: Callback) => unknown;

/** PostgreSQL refuses a statement prepared before a schema change that changes its result's columns. */
function isChangedResult(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === "0A000" &&
    error.message.includes("cached plan must not change result type")
  );
}

/**
 * Makes `client` send each query with parameters as a named statement, one name per text, for the
 * first `limit` texts this connection sees. Queries without parameters (transaction control, DDL)
 * and query objects (COPY streams, cursors) go as before. Only the protocol's own Parse is used, no
 * SQL `PREPARE` or `DEALLOCATE`, so a pooler that tracks prepared statements (PgBouncer 1.21's
 * `max_prepared_statements`) can carry them. A statement refused because a schema change altered
 * its result (another instance migrating) is prepared afresh, under a new name, the next time;
 * a promise query outside a transaction (Kysely's) is sent once more at once, unnamed, as it would
 * have been before.
 */
export function prepareStatementsOf(client: pg.ClientBase, limit = preparedStatementsPerConnection): void {
  const query = client.query.bind(client) as Query;
  const names = new Map<string, string>();
  let made = 0;
  let inTransaction = false;
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    if (typeof config !== "string" || !Array.isArray(values) || values.length === 0) {
      if (typeof config === "string") {
        if (/^\s*(begin|start transaction)\b/i.test(config)) inTransaction = true;
        else if (/^\s*(commit|rollback)\s*$/i.test(config)) inTransaction = false;
      }
      return query(config, values, callback);
    }
    let name = names.get(config);
    if (name === undefined && made < limit) {
      name = `s${++made}`;
      names.set(config, name);
    }
    if (name === undefined) return query(config, values, callback);
    const named = { name, text: config, values };
    const forgetIfChanged = (error: unknown) => {
      if (isChangedResult(error)) names.delete(config);
    };
    // The callback form (pg-pool's own `pool.query`) is told of the refusal, not sent again.
    if (callback !== undefined)
      return query(named, undefined, (error, result) => {
        forgetIfChanged(error);
        callback(error, result);
      });
    const retryable = !inTransaction;
    return (query(named) as Promise<unknown>).catch((error: unknown) => {
      forgetIfChanged(error);
      if (!retryable || !isChangedResult(error)) throw error;
      return query(config, values);
    });
  };
}
