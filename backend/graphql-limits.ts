/**
 * How much one GraphQL document sent to the back-end may ask (issue 44 item 7, ADR 0060), checked
 * by GraphQL Armor (@escape.tech/graphql-armor) while the document is parsed and validated, before
 * any resolver runs. Without them one 1 MiB document of aliased fields kept a service busy for
 * minutes (about 0.045 s of work per alias).
 *
 * The numbers come from the documents the portal sends (app/services/<service>/documents.ts) in
 * their largest form: eight queries merged into one operation (ADR 0046; the portal merges at most
 * eight). graphql-limits.test.ts measures every document the way Armor does, alone and eight times
 * merged, and fails when one comes near a limit, so a new portal document cannot be refused in
 * production first. The figures quoted below are that test's, on the documents of 2026-12.
 */
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import type { GraphQLError, ValidationContext } from "graphql";

export const graphqlLimits = {
  /**
   * Lexical tokens of the document (Armor counts while parsing, so a huge document is refused after
   * this many tokens, not after reading all of it). The portal's largest: 1,118, eight `Dashboard`
   * queries merged (145 each with their @include directives); introspection: 163. 2,000 is that
   * largest with 80 % room, and still only a few KB of text.
   */
  tokens: 2_000,
  /**
   * Nesting of fields. The portal's deepest: 6 (`tenantTable { rows { objectDetails { group { meter
   * { id } } } } }`), which is also the deepest path the schemas have: today they have no cycles.
   * 8 leaves two levels for a new type and refuses the endless nesting a cyclic type would allow.
   */
  depth: 8,
  /**
   * Fields asked under another name (`a1: tokenAuth(…) a2: tokenAuth(…)`): each is resolved again,
   * which is what made a 1 MiB document cost minutes. The portal's largest: 32, eight `Dashboard`
   * queries merged (each has four root fields since the forecasts joined it, ADR 0072; each gets an
   * alias `_v<i>_…` from batch-execute, ADR 0064). 48 is that with room for two more root fields
   * per merged query; at the 0.045 s an alias, at most about 2.2 s of work for one document.
   * `__typename` is not counted (Armor's default).
   */
  aliases: 48,
  /**
   * Armor's cost: 2 per object field and 1 per scalar field, times 1.5 for each level of depth, and
   * times a literal `first:`/`last:` argument. The portal's largest: 2,015, eight `UnitQuantityKpis`
   * queries merged (with the weather-adjusted and efficient-neighbours fields). 3,000 is that with
   * about 50 % room; an object list asked with a
   * literal `first: 1000` costs far more and is refused.
   */
  cost: 3_000,
  /**
   * Directives in the document. The portal's most: 32, eight `Dashboard` queries merged (four
   * @include each). 40 is that with room; without a limit, thousands of directives on one field
   * are each checked.
   */
  directives: 40,
} as const;

export type GraphQLMeasure = keyof typeof graphqlLimits;

/** Armor's own weights for the cost (its defaults, spelled out because graphqlLimits.cost is measured with them). */
const costWeights = { objectCost: 2, scalarCost: 1, depthCostFactor: 1.5 } as const;

export interface GraphQLArmorOptions {
  /**
   * NODE_ENV=production: refusals hide GraphQL's "Did you mean …?" suggestions, which would tell
   * field names that introspection, off in production, no longer tells.
   */
  production: boolean;
  /** Hears each measure of a document within the limits (tests measure the portal's documents with it). */
  onMeasured?: (measure: GraphQLMeasure, value: number) => void;
}

/**
 * A limit passed in validation is reported as a validation error (code GRAPHQL_VALIDATION_FAILED,
 * like any invalid document) rather than thrown, which yoga would answer without a code. The
 * token limit stops the parser instead (code GRAPHQL_PARSE_FAILED): it must not read on.
 */
const reportedAsInvalid = {
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
  propagateOnRejection: false,
};

/** GraphQL Armor's yoga/envelop plugin with graphqlLimits. A refusal is a GraphQL error naming the limit. */
export function graphqlArmor({ production, onMeasured }: GraphQLArmorOptions) {
  const heard = (measure: GraphQLMeasure) =>
    onMeasured ? [(_context: unknown, details: { n: number }) => onMeasured(measure, details.n)] : [];
  return EnvelopArmorPlugin({
    maxTokens: { n: graphqlLimits.tokens, onAccept: heard("tokens") },
    maxDepth: { n: graphqlLimits.depth, onAccept: heard("depth"), ...reportedAsInvalid },
    maxAliases: { n: graphqlLimits.aliases, onAccept: heard("aliases"), ...reportedAsInvalid },
    costLimit: { maxCost: graphqlLimits.cost, ...costWeights, onAccept: heard("cost"), ...reportedAsInvalid },
    maxDirectives: { n: graphqlLimits.directives, onAccept: heard("directives"), ...reportedAsInvalid },
    blockFieldSuggestion: { enabled: production },
  });
}
