import { isQuantityId, quantityDefinition } from "@common/quantities";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import {
  DEMO_PASSWORD,
  demoAccounts,
  demoSpecialAccounts,
  demoTenancyIds,
  demoUnitUniqueIds,
} from "../db/seed/demo-accounts";
import { firstErrorCode, graphql, graphqlData, sessionCalls, signInToAccount } from "../testing/graphql";
import { createDemoBackend, measuredQuantitiesOf } from "../testing/setup";
import { errorMessages } from "./errors";

const fixedNow = new Date("2026-06-01T10:00:00.000Z");
let backend: Backend;

beforeAll(async () => {
  backend = await createDemoBackend({ jwtSecret: "account-test-secret-0123456789abcdef", now: () => fixedNow });
});
afterAll(() => backend.close());

const { tokenAuth } = sessionCalls(() => backend);

const tenancyFields = /* GraphQL */ `
  id propertyNumber tenancyId tenant start end useNewBackend
  dataAvailability { start end } billingPeriod { start end }
  apartment { apartmentInfo { city zipcode } uniqueId apartment address }
  latestAllocationStatement { fileName url periodStartDate periodEndDate expenseTypes }
  meterUnits { kind unit }
`;

interface TenancyData {
  id: string;
  propertyNumber: string;
  tenancyId: number;
  tenant: string;
  start: string;
  end: string | null;
  useNewBackend: boolean;
  dataAvailability: { start: string | null; end: string | null } | null;
  billingPeriod: { start: string | null; end: string | null } | null;
  apartment: { apartmentInfo: { city: string; zipcode: string }; uniqueId: string; apartment: string; address: string };
  latestAllocationStatement: {
    fileName: string;
    url: string;
    periodStartDate: string;
    periodEndDate: string;
    expenseTypes: string[];
  } | null;
  meterUnits: { kind: string; unit: string }[];
}

async function tenanciesOf(email: string): Promise<TenancyData[]> {
  const { token } = await signInToAccount(backend, email);
  const data = await graphqlData<{ tenancies: TenancyData[] }>(
    backend,
    "account",
    `{ tenancies { ${tenancyFields} } }`,
    {
      token,
    },
  );
  return data.tenancies;
}

describe("tokenAuth", () => {
  it("signs in with the right password and returns tokens and the payload", async () => {
    const result = await tokenAuth(demoAccounts.anna.email, DEMO_PASSWORD);
    expect(result.body.errors).toBeUndefined();
    const auth = result.body.data!.tokenAuth;
    const nowSeconds = fixedNow.getTime() / 1000;
    expect(auth.payload).toEqual({ email: demoAccounts.anna.email, exp: nowSeconds + 300, origIat: nowSeconds });
    expect(auth.refreshExpiresIn).toBe(nowSeconds + 2_592_000);
    expect(auth.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(decodeProtectedHeader(auth.token).alg).toBe("HS256");
    const claims = decodeJwt(auth.token);
    expect(Object.keys(claims).sort()).toEqual(["aud", "exp", "iat", "sid", "sub"]);
    expect(claims).toMatchObject({ aud: "account", iat: nowSeconds, exp: nowSeconds + 300 });
    // sid names the refresh-token family: the session that logout revokes (ADR 0020).
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("rejects a wrong password and an unknown e-mail with the same error", async () => {
    const wrongPassword = await tokenAuth(demoAccounts.anna.email, "Not-The-Password-1!");
    const unknownEmail = await tokenAuth("nobody@demo.test", DEMO_PASSWORD);
    for (const result of [wrongPassword, unknownEmail]) {
      expect(result.body.data).toBeNull();
      expect(firstErrorCode(result)).toBe("INVALID_CREDENTIALS");
      expect(result.body.errors?.[0]?.message).toBe(errorMessages.INVALID_CREDENTIALS);
    }
    expect(unknownEmail.body.errors).toEqual(wrongPassword.body.errors);
  });

  it("spends about as long on an unknown e-mail as on a wrong password", async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await tokenAuth(email, "Not-The-Password-1!");
      return performance.now() - started;
    };
    await time("warm-up@demo.test");
    let wrong = 0;
    let unknown = 0;
    for (let round = 0; round < 3; round++) {
      wrong += await time(demoAccounts.anna.email);
      unknown += await time(`nobody${round}@demo.test`);
    }
    // Without the dummy hash an unknown e-mail answers in about a millisecond instead of ~50.
    expect(unknown).toBeGreaterThan(wrong * 0.4);
  });

  it("compares e-mails case-insensitively and ignores surrounding spaces", async () => {
    const result = await tokenAuth("  Anna@DEMO.Test ", DEMO_PASSWORD);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.tokenAuth.payload.email).toBe(demoAccounts.anna.email);
  });

  it("refuses users without a password, and inactive users as a wrong password would be", async () => {
    for (const email of [demoAccounts.inactive.email, demoAccounts.sofie.email]) {
      expect(firstErrorCode(await tokenAuth(email, "Not-The-Password-2026!"))).toBe("INVALID_CREDENTIALS");
    }
    expect(firstErrorCode(await tokenAuth(demoAccounts.sofie.email, DEMO_PASSWORD))).toBe("INVALID_CREDENTIALS");
  });

  it("tells the owner of an account the portal does not serve which it is, once the password is right", async () => {
    expect(firstErrorCode(await tokenAuth(demoAccounts.inactive.email, DEMO_PASSWORD))).toBe("USER_DEACTIVATED");
    expect(firstErrorCode(await tokenAuth(demoSpecialAccounts.staff.email, DEMO_PASSWORD))).toBe(
      "USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS",
    );
    expect(firstErrorCode(await tokenAuth(demoSpecialAccounts.adminPortal.email, DEMO_PASSWORD))).toBe(
      "EMAIL_USED_BY_ADMIN_PORTAL",
    );
    for (const email of [demoSpecialAccounts.staff.email, demoSpecialAccounts.adminPortal.email]) {
      expect(firstErrorCode(await tokenAuth(email, "Not-The-Password-2026!"))).toBe("INVALID_CREDENTIALS");
    }
  });
});

describe("currentUser", () => {
  const currentUserQuery = /* GraphQL */ `{
    currentUser { id email language isSuperuser isActive isAdmin userType emailNotifications accountHasStatements }
  }`;

  it("needs an account access token", async () => {
    for (const token of [undefined, "not-a-jwt"]) {
      const result = await graphql(backend, "account", currentUserQuery, token === undefined ? {} : { token });
      expect(firstErrorCode(result)).toBe("UNAUTHENTICATED");
      expect(result.body.errors?.[0]?.message).toBe("Login required");
    }
  });

  it("returns the signed-in user with every field", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.anna.email);
    const data = await graphqlData<{ currentUser: Record<string, unknown> }>(backend, "account", currentUserQuery, {
      token,
    });
    const user = await backend.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", demoAccounts.anna.email)
      .executeTakeFirstOrThrow();
    expect(data.currentUser).toEqual({
      id: String(user.id),
      email: demoAccounts.anna.email,
      language: "da",
      isSuperuser: false,
      isActive: true,
      isAdmin: false,
      userType: "EMAIL_PASSWORD",
      emailNotifications: true,
      accountHasStatements: false,
    });
  });

  it("says whether the user has allocation statements in any tenancy", async () => {
    const { token } = await signInToAccount(backend, demoAccounts.jens.email);
    const data = await graphqlData<{ currentUser: { accountHasStatements: boolean; language: string } }>(
      backend,
      "account",
      currentUserQuery,
      { token },
    );
    expect(data.currentUser.accountHasStatements).toBe(true);
  });
});

describe("tenancies", () => {
  it("gives anna exactly her one tenancy, not the previous tenant's", async () => {
    const tenancies = await tenanciesOf(demoAccounts.anna.email);
    expect(tenancies.map((tenancy) => tenancy.tenancyId)).toEqual([demoTenancyIds.anna]);
    const [tenancy] = tenancies;
    expect(tenancy).toMatchObject({
      id: String(demoTenancyIds.anna),
      propertyNumber: "1042",
      tenant: demoAccounts.anna.name,
      start: "2023-08-01",
      end: null,
      useNewBackend: true,
      dataAvailability: { start: "2023-08-01", end: null },
      billingPeriod: { start: "2026-01-01", end: "2026-12-31" },
      apartment: {
        apartmentInfo: { city: "København N", zipcode: "2200" },
        uniqueId: demoUnitUniqueIds.anna,
        apartment: "2. tv.",
        address: "Nørrebrogade 148A, 2. tv.",
      },
      latestAllocationStatement: null,
    });
  });

  it("lists the distinct quantities of the unit's meters with their units of measure", async () => {
    const [tenancy] = await tenanciesOf(demoAccounts.anna.email);
    const kinds = tenancy!.meterUnits.map((meterUnit) => meterUnit.kind);
    expect([...kinds].sort()).toEqual((await measuredQuantitiesOf(backend.db, demoTenancyIds.anna)).sort());
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const meterUnit of tenancy!.meterUnits) {
      expect(isQuantityId(meterUnit.kind)).toBe(true);
      if (isQuantityId(meterUnit.kind)) expect(meterUnit.unit).toBe(quantityDefinition(meterUnit.kind).unit);
    }
    expect(tenancy!.meterUnits).toContainEqual({ kind: "heat-energy", unit: "kWh" });
    expect(tenancy!.meterUnits).toContainEqual({ kind: "indoor-temperature", unit: "°C" });
  });

  it("gives jens his two tenancies in different units, ordered by start date", async () => {
    const tenancies = await tenanciesOf(demoAccounts.jens.email);
    expect(tenancies.map((tenancy) => tenancy.tenancyId)).toEqual([
      demoTenancyIds.jensFirst,
      demoTenancyIds.jensSecond,
    ]);
    expect(tenancies.map((tenancy) => tenancy.apartment.uniqueId)).toEqual([
      demoUnitUniqueIds.jensFirst,
      demoUnitUniqueIds.jensSecond,
    ]);
    expect(tenancies[0]!.latestAllocationStatement).toEqual({
      fileName: "Fordelingsregnskab 2025-2026 DK1042-0403.pdf",
      url: `/t/${demoTenancyIds.jensFirst}/statements/1/download`,
      periodStartDate: "2025-05-01",
      periodEndDate: "2026-04-30",
      expenseTypes: ["heating", "water"],
    });
    expect(tenancies[1]!.latestAllocationStatement).toBeNull();
  });

  it("gives nora no tenancies", async () => {
    expect(await tenanciesOf(demoAccounts.nora.email)).toEqual([]);
  });

  it("picks the statement with the latest period end as the latest", async () => {
    const local = await createDemoBackend();
    try {
      await local.db
        .insertInto("allocation_statements")
        .values([
          {
            tenancy_id: demoTenancyIds.jensFirst,
            file_name: "newer.pdf",
            url: "/statements/newer.pdf",
            period_start: "2026-05-01",
            period_end: "2027-04-30",
            expense_types: JSON.stringify(["heating"]),
          },
          {
            tenancy_id: demoTenancyIds.jensFirst,
            file_name: "older.pdf",
            url: "/statements/older.pdf",
            period_start: "2023-05-01",
            period_end: "2024-04-30",
            expense_types: "[]",
          },
        ])
        .execute();
      const { token } = await signInToAccount(local, demoAccounts.jens.email);
      const data = await graphqlData<{ tenancies: TenancyData[] }>(
        local,
        "account",
        `{ tenancies { ${tenancyFields} } }`,
        {
          token,
        },
      );
      expect(data.tenancies[0]!.latestAllocationStatement?.fileName).toBe("newer.pdf");
    } finally {
      await local.close();
    }
  });
});
