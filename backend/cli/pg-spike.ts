import { createBackend } from "../app";
import { silentLogger } from "../logger";
import { graphqlData, signInToAccount, signInToUsers } from "../testing/graphql";

const url = process.argv[2] ?? "postgres://portal@localhost:5499/portal_spike?host=/tmp";
const steps: string[] = [];
try {
  const t0 = Date.now();
  const backend = await createBackend({ databasePath: url, seedDemo: true, demoReadings: true, demoReadingsUnitIds: [101, 102, 103, 104, 109], logger: silentLogger, filesDir: "/tmp/pg-spike-files" });
  steps.push(`seeded with readings of 5 units in ${Date.now() - t0} ms`);
  const account = await signInToAccount(backend, "anna@demo.test");
  steps.push("account sign-in ok");
  const me = await graphqlData(backend, "account", "{ currentUser { email language } tenancies { id } }", { token: account.token });
  steps.push(`currentUser ${JSON.stringify(me)}`);
  const users = await signInToUsers(backend, "anna@demo.test");
  const kpis = await graphqlData(backend, "tenant", `query { unitQuantityKpis(input: { tenancyId: 7009, quantity: "heat-energy", periodBegin: "2026-10-01T00:00:00", periodEnd: "2026-10-31T23:59:00" }) { total previousYear propertyComparison } }`, { token: users.token });
  steps.push(`kpis ${JSON.stringify(kpis)}`);
  await backend.close();
} catch (error) {
  steps.push(`FAILED ${error instanceof Error ? error.stack : String(error)}`);
}
console.log(steps.join("\n"));
