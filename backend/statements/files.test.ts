/**
 * Allocation statements: the list for a tenancy's residents and the file, streamed only
 * to them, with its type, name and no caching; the demo seed's files are real PDFs.
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoAccounts, demoTenancyIds } from "../db/seed/demo-accounts";
import { firstErrorCode, graphql, signInToUsers } from "../testing/graphql";
import { createDemoBackend } from "../testing/setup";
import { attachmentDisposition, statementFilePath } from "./files";

let backend: Backend;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  backend = await createDemoBackend();
  for (const key of ["anna", "jens", "mette"] as const)
    tokens[key] = (await signInToUsers(backend, demoAccounts[key].email)).token;
}, 120_000);
afterAll(() => backend?.close());

const download = (id: number | string, token?: string, method = "GET") =>
  backend.fetch(
    new Request(`http://backend.test/files/statements/${id}`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );

const listOf = (user: string, tenancyId: number) =>
  graphql<{
    allocationStatements: {
      id: number;
      fileName: string;
      periodStart: string;
      periodEnd: string;
      expenseTypes: string[];
      sizeBytes: number | null;
      contentType: string;
    }[];
  }>(
    backend,
    "tenant",
    `query ($t: Int!) { allocationStatements(tenancyId: $t) { id fileName periodStart periodEnd expenseTypes sizeBytes contentType } }`,
    { token: tokens[user], variables: { t: tenancyId } },
  );

describe("allocation statements", () => {
  it("lists a tenancy's statements newest first, with the size of each file", async () => {
    const result = await listOf("jens", demoTenancyIds.jensFirst);
    const statements = result.body.data!.allocationStatements;
    expect(statements.map((s) => [s.id, s.periodStart, s.periodEnd])).toEqual([
      [1, "2025-05-01", "2026-04-30"],
      [2, "2024-05-01", "2025-04-30"],
    ]);
    for (const statement of statements) {
      expect(statement).toMatchObject({ contentType: "application/pdf", expenseTypes: ["heating", "water"] });
      expect(statement.sizeBytes).toBeGreaterThan(1000);
    }
    expect((await listOf("anna", demoTenancyIds.anna)).body.data?.allocationStatements).toEqual([]);
    expect(firstErrorCode(await listOf("anna", demoTenancyIds.jensFirst))).toBe("FORBIDDEN");
  });

  it("streams the file to a resident of its tenancy, as an attachment that is not cached", async () => {
    const response = await download(1, tokens.jens);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Fordelingsregnskab 2025-2026 DK1042-0403.pdf"; filename*=UTF-8''Fordelingsregnskab%202025-2026%20DK1042-0403.pdf`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    const stored = readFileSync(
      statementFilePath(backend.filesDir, "/statements/1042/DK1042-0403/2025-05-01_2026-04-30.pdf")!,
    );
    expect(bytes.equals(stored)).toBe(true);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(Number(response.headers.get("content-length"))).toBe(stored.length);
  });

  it("answers 404 to anyone else and for a forged id, 401 without a sign-in", async () => {
    expect((await download(1, tokens.anna)).status).toBe(404);
    expect((await download(1, tokens.mette)).status).toBe(404);
    expect((await download(999_999, tokens.jens)).status).toBe(404);
    expect((await download(1)).status).toBe(401);
    expect((await download("0", tokens.jens)).status).toBe(404);
    expect((await download(1, tokens.jens, "DELETE")).status).toBe(405);
  });

  it("streams a large file without reading it whole", async () => {
    const path = statementFilePath(backend.filesDir, "/statements/1042/DK1042-0403/2024-05-01_2025-04-30.pdf")!;
    const original = readFileSync(path);
    try {
      writeFileSync(path, Buffer.alloc(20 * 1024 * 1024, 7));
      const response = await download(2, tokens.jens);
      expect(Number(response.headers.get("content-length"))).toBe(20 * 1024 * 1024);
      const reader = response.body!.getReader();
      const first = await reader.read();
      // A file stream hands out chunks of 64 KB, not the whole file.
      expect(first.value!.length).toBeLessThanOrEqual(64 * 1024);
      await reader.cancel();
    } finally {
      writeFileSync(path, original);
    }
    expect(statSync(path).size).toBe(original.length);
  });

  it("answers 404 (and logs) for a statement whose file is missing", async () => {
    await backend.db
      .insertInto("allocation_statements")
      .values({
        id: 3,
        tenancy_id: demoTenancyIds.jensFirst,
        file_name: "gone.pdf",
        url: "/statements/gone.pdf",
        period_start: "2023-05-01",
        period_end: "2024-04-30",
        expense_types: "[]",
      })
      .execute();
    try {
      expect((await download(3, tokens.jens)).status).toBe(404);
      const listed = (await listOf("jens", demoTenancyIds.jensFirst)).body.data!.allocationStatements.find(
        (s) => s.id === 3,
      );
      expect(listed?.sizeBytes).toBeNull();
    } finally {
      await backend.db.deleteFrom("allocation_statements").where("id", "=", 3).execute();
    }
  });
});

describe("statement file paths and names", () => {
  it("never leave the files directory", () => {
    expect(statementFilePath("/data/files", "/statements/a.pdf")).toBe(join("/data/files", "statements/a.pdf"));
    expect(statementFilePath("/data/files", "../secret")).toBeNull();
    expect(statementFilePath("/data/files", "/statements/../../jwt-secret")).toBeNull();
    expect(statementFilePath("/data/files", "")).toBeNull();
  });

  it("name the download in ASCII and in UTF-8", () => {
    expect(attachmentDisposition('Regnskab Ærø "2025".pdf')).toBe(
      `attachment; filename="Regnskab r _2025_.pdf"; filename*=UTF-8''Regnskab%20%C3%86r%C3%B8%20%222025%22.pdf`,
    );
  });
});
