import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "backend-config-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("loadConfig", () => {
  it("applies the defaults", () => {
    const config = loadConfig({ DATA_DIR: "data" }, dir);
    expect(config).toMatchObject({
      port: 4000,
      host: "127.0.0.1",
      dataDir: join(dir, "data"),
      databasePath: join(dir, "data", "portal.sqlite"),
      filesDir: join(dir, "data", "files"),
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 2_592_000,
      refreshGraceSeconds: 30,
      seedDemo: true,
      jwtSecretSource: "generated",
    });
  });

  it("takes BRAND, the brand whose app name the e-mails carry: dk unless set, and only a known one", () => {
    expect(loadConfig({ DATA_DIR: "data" }, dir).brand).toBe("dk");
    expect(loadConfig({ DATA_DIR: "data", BRAND: "" }, dir).brand).toBe("dk");
    expect(loadConfig({ DATA_DIR: "data", BRAND: "no" }, dir).brand).toBe("no");
    expect(loadConfig({ DATA_DIR: "data", BRAND: "global" }, dir).brand).toBe("global");
    expect(() => loadConfig({ DATA_DIR: "data", BRAND: "se" }, dir)).toThrow(/BRAND/);
  });

  it("takes DATABASE_URL for PostgreSQL (the files stay in DATA_DIR) and refuses any other URL", () => {
    const config = loadConfig({ DATA_DIR: "data", DATABASE_URL: "postgres://portal:secret@db:5432/portal" }, dir);
    expect(config).toMatchObject({
      databasePath: "postgres://portal:secret@db:5432/portal",
      filesDir: join(dir, "data", "files"),
    });
    expect(loadConfig({ DATA_DIR: "data", DATABASE_URL: "postgresql://db/portal" }, dir).databasePath).toBe(
      "postgresql://db/portal",
    );
    expect(loadConfig({ DATA_DIR: "data", DATABASE_URL: "" }, dir).databasePath).toBe(
      join(dir, "data", "portal.sqlite"),
    );
    expect(() => loadConfig({ DATA_DIR: "data", DATABASE_URL: "mysql://db/portal" }, dir)).toThrow(/DATABASE_URL/);
  });

  it("generates the JWT secret once, with mode 0600, and reuses it", () => {
    const first = loadConfig({ DATA_DIR: dir }, dir);
    const path = join(dir, "jwt-secret");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8").trim()).toBe(first.jwtSecret);
    expect(Buffer.from(first.jwtSecret, "base64url")).toHaveLength(32);
    const second = loadConfig({ DATA_DIR: dir }, dir);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.jwtSecretSource).toBe("file");
  });

  it("refuses a secret file others can read", () => {
    writeFileSync(join(dir, "jwt-secret"), "x".repeat(43));
    chmodSync(join(dir, "jwt-secret"), 0o644);
    expect(() => loadConfig({ DATA_DIR: dir }, dir)).toThrow(ConfigError);
  });

  it("prefers JWT_SECRET and parses every variable", () => {
    const config = loadConfig(
      {
        DATA_DIR: dir,
        JWT_SECRET: "s".repeat(40),
        BACKEND_PORT: "4555",
        BACKEND_HOST: "0.0.0.0",
        ACCESS_TOKEN_TTL_SECONDS: "60",
        REFRESH_TOKEN_TTL_SECONDS: "3600",
        REFRESH_GRACE_SECONDS: "5",
        SEED_DEMO: "false",
      },
      dir,
    );
    expect(config).toMatchObject({
      port: 4555,
      host: "0.0.0.0",
      jwtSecret: "s".repeat(40),
      jwtSecretSource: "env",
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      refreshGraceSeconds: 5,
      seedDemo: false,
    });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATA_DIR: dir, BACKEND_PORT: "", SEED_DEMO: "" }, dir)).toMatchObject({
      port: 4000,
      seedDemo: true,
    });
  });

  it("names every invalid variable", () => {
    let message = "";
    try {
      loadConfig({ DATA_DIR: dir, BACKEND_PORT: "eighty", JWT_SECRET: "short", SEED_DEMO: "maybe" }, dir);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain("BACKEND_PORT");
    expect(message).toContain("JWT_SECRET");
    expect(message).toContain("SEED_DEMO");
  });

  it("takes the demo units that get readings as unit numbers, all of them when unset", () => {
    expect(loadConfig({ DATA_DIR: dir }, dir).demoReadingsUnitIds).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, DEMO_READINGS_UNITS: "" }, dir).demoReadingsUnitIds).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, DEMO_READINGS_UNITS: "9, 1,22,9" }, dir).demoReadingsUnitIds).toEqual([
      101, 109, 122,
    ]);
    for (const bad of ["0", "33", "1;2", "one", "1,,2"]) {
      expect(() => loadConfig({ DATA_DIR: dir, DEMO_READINGS_UNITS: bad }, dir), bad).toThrow(/DEMO_READINGS_UNITS/);
    }
  });
});
