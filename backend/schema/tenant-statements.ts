/**
 * Allocation statements of the tenant data service (issue 15). The spec names no call for them;
 * this follows the service's style. The file itself is streamed by GET /files/statements/{id}
 * (backend/statements/files.ts) with the same token.
 */
export const tenantStatementTypeDefs = /* GraphQL */ `
  extend type Query {
    """
    Every allocation statement of a tenancy the caller holds, newest period first. FORBIDDEN for a
    tenancy the caller does not hold.
    """
    allocationStatements(tenancyId: Int!): [AllocationStatement!]!
  }

  type AllocationStatement {
    id: Int!
    fileName: String!
    "Local dates, inclusive."
    periodStart: String!
    periodEnd: String!
    "Expense types, e.g. heating, water."
    expenseTypes: [String!]!
    "The file's size in bytes; null when the file is missing."
    sizeBytes: Int
    contentType: String!
  }
`;
