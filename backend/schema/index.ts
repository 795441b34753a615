import { accountTypeDefs, tenantTypeDefs, usersTypeDefs } from "./type-defs.generated";

/**
 * The SDL of each service, keyed by the path segment it is served under (/{service}/graphql).
 * Written in backend/schema/*.graphql; `npm run codegen` copies it into type-defs.generated.ts so
 * the back-end reads no files at run time, from source or bundled.
 */
export const typeDefsByService = {
  account: accountTypeDefs,
  users: usersTypeDefs,
  tenant: tenantTypeDefs,
} as const;

export type ServiceName = keyof typeof typeDefsByService;
export { accountTypeDefs, tenantTypeDefs, usersTypeDefs };
