/**
 * How much one read may ask for (issue 18 point 5). A learner's 500-alias GraphQL query and an
 * eight-level REST populate each held the server for minutes; these bounds refuse such requests
 * before anything runs (src/access/graphql-cost.ts, src/access/rest-cost.ts). Each is at least
 * what the SPA sends: its deepest populate is course → subjects → topics → topic_material (3),
 * its largest page 100, and it sends no GraphQL at all.
 */
export const QUERY_LIMITS = {
  /** Largest page of a list (REST pageSize/limit and GraphQL pagination: larger ones are cut). */
  maxPageSize: 100,
  /** Page of a list when none is asked for. */
  defaultPageSize: 100,
  /** Relations deep a REST populate may go (course → subjects → topics is 2, … → material 3). */
  restPopulateDepth: 3,
  /** Relations one REST populate may name, at every depth together (the SPA's largest: 12). */
  restPopulateRelations: 40,
  /**
   * Bytes of one GraphQL request: its document and variables (the attack's document was 53 KB; a
   * hand-written query is under 2 KB).
   */
  graphqlRequestBytes: 32 * 1024,
  /** Tokens graphql-js parses before giving up (parsing itself is work the size check bounds). */
  graphqlTokens: 4000,
  /** Field selections of one GraphQL operation, fragments expanded (aliases count one each). */
  graphqlFields: 200,
  /** Nesting depth of one GraphQL operation (the plugin's graphql-depth-limit rule). */
  graphqlDepth: 10,
  /**
   * Rows one GraphQL operation could read at most, estimated before it runs: every list's page
   * size multiplied through the lists it is nested in, summed over all selections. Two nested
   * default pages (100 × 100) are 10,000; a third nested list needs smaller pages.
   */
  graphqlRows: 50_000,
} as const;

/** GRAPHQL_TIME_BUDGET_MS (default 10 s, 0 = none): see src/access/graphql-cost.ts. */
export const graphqlTimeBudgetMs = (raw: string | undefined): number => {
  const value = raw === undefined || raw.trim() === '' ? 10_000 : Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(
      `GRAPHQL_TIME_BUDGET_MS must be a whole number of ms (0 = none), not "${raw}".`,
    );
  }
  return value;
};
