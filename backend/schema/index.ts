import { accountTypeDefs } from "./account";
import { usersTypeDefs } from "./users";
import { tenantTypeDefs } from "./tenant";
import { tenantAlarmTypeDefs } from "./tenant-alarms";
import { tenantReportTypeDefs } from "./tenant-reports";
import { tenantStatementTypeDefs } from "./tenant-statements";

/** The SDL of each service, keyed by the path segment it is served under (/{service}/graphql). */
export const typeDefsByService = {
  account: accountTypeDefs,
  users: usersTypeDefs,
  tenant: tenantTypeDefs + tenantAlarmTypeDefs + tenantStatementTypeDefs + tenantReportTypeDefs,
} as const;

export type ServiceName = keyof typeof typeDefsByService;
export { accountTypeDefs, usersTypeDefs, tenantTypeDefs };
