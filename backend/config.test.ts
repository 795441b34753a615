import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { configErrorOf } from "./testing/config";
import { tempDirFor } from "./testing/temp-dir";

const temp = tempDirFor("each", "backend-config-");

describe("loadConfig", () => {
  it("applies the defaults", () => {
    const config = loadConfig({ DATA_DIR: "data" }, temp.path);
    expect(config).toMatchObject({
      port: 4000,
      host: "127.0.0.1",
      dataDir: join(temp.path, "data"),
      databasePath: join(temp.path, "data", "portal.sqlite"),
      filesDir: join(temp.path, "data", "files"),
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 2_592_000,
      refreshGraceSeconds: 30,
      seedDemo: true,
      jwtSecretSource: "generated",
    });
  });

  it("takes BRAND, the brand whose app name the e-mails carry: dk unless set, and only a known one", () => {
    expect(loadConfig({ DATA_DIR: "data" }, temp.path).brand).toBe("dk");
    expect(loadConfig({ DATA_DIR: "data", BRAND: "" }, temp.path).brand).toBe("dk");
    expect(loadConfig({ DATA_DIR: "data", BRAND: "no" }, temp.path).brand).toBe("no");
    expect(loadConfig({ DATA_DIR: "data", BRAND: "global" }, temp.path).brand).toBe("global");
    expect(() => loadConfig({ DATA_DIR: "data", BRAND: "se" }, temp.path)).toThrow(/BRAND/);
  });

  it("takes NODE_ENV as the portal does: production only when it says so, and only a known value", () => {
    expect(loadConfig({ DATA_DIR: "data" }, temp.path).production).toBe(false);
    expect(loadConfig({ DATA_DIR: "data", NODE_ENV: "" }, temp.path).production).toBe(false);
    expect(loadConfig({ DATA_DIR: "data", NODE_ENV: "development" }, temp.path).production).toBe(false);
    expect(loadConfig({ DATA_DIR: "data", NODE_ENV: "test" }, temp.path).production).toBe(false);
    expect(loadConfig({ DATA_DIR: "data", NODE_ENV: "production" }, temp.path).production).toBe(true);
    expect(() => loadConfig({ DATA_DIR: "data", NODE_ENV: "prod" }, temp.path)).toThrow(/NODE_ENV/);
  });

  it("takes DATABASE_URL for PostgreSQL (the files stay in DATA_DIR) and refuses any other URL", () => {
    const config = loadConfig({ DATA_DIR: "data", DATABASE_URL: "postgres://portal:secret@db:5432/portal" }, temp.path);
    expect(config).toMatchObject({
      databasePath: "postgres://portal:secret@db:5432/portal",
      filesDir: join(temp.path, "data", "files"),
    });
    expect(loadConfig({ DATA_DIR: "data", DATABASE_URL: "postgresql://db/portal" }, temp.path).databasePath).toBe(
      "postgresql://db/portal",
    );
    expect(loadConfig({ DATA_DIR: "data", DATABASE_URL: "" }, temp.path).databasePath).toBe(
      join(temp.path, "data", "portal.sqlite"),
    );
    expect(() => loadConfig({ DATA_DIR: "data", DATABASE_URL: "mysql://db/portal" }, temp.path)).toThrow(
      /DATABASE_URL/,
    );
  });

  it("generates the JWT secret once, with mode 0600, and reuses it", () => {
    const first = loadConfig({ DATA_DIR: temp.path }, temp.path);
    const path = join(temp.path, "jwt-secret");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8").trim()).toBe(first.jwtSecret);
    expect(Buffer.from(first.jwtSecret, "base64url")).toHaveLength(32);
    const second = loadConfig({ DATA_DIR: temp.path }, temp.path);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.jwtSecretSource).toBe("file");
  });

  it("refuses a secret file others can read", () => {
    writeFileSync(join(temp.path, "jwt-secret"), "x".repeat(43));
    chmodSync(join(temp.path, "jwt-secret"), 0o644);
    expect(() => loadConfig({ DATA_DIR: temp.path }, temp.path)).toThrow(ConfigError);
  });

  it("prefers JWT_SECRET and parses every variable", () => {
    const config = loadConfig(
      {
        DATA_DIR: temp.path,
        JWT_SECRET: "s".repeat(40),
        BACKEND_PORT: "4555",
        BACKEND_HOST: "0.0.0.0",
        ACCESS_TOKEN_TTL_SECONDS: "60",
        REFRESH_TOKEN_TTL_SECONDS: "3600",
        REFRESH_GRACE_SECONDS: "5",
        SEED_DEMO: "false",
      },
      temp.path,
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
    expect(loadConfig({ DATA_DIR: temp.path, BACKEND_PORT: "", SEED_DEMO: "" }, temp.path)).toMatchObject({
      port: 4000,
      seedDemo: true,
    });
  });

  it("names every invalid variable", () => {
    const message = configErrorOf(
      { DATA_DIR: temp.path, BACKEND_PORT: "eighty", JWT_SECRET: "short", SEED_DEMO: "maybe" },
      temp.path,
    );
    expect(message).toContain("BACKEND_PORT");
    expect(message).toContain("JWT_SECRET");
    expect(message).toContain("SEED_DEMO");
  });

  it("takes the demo units that get readings as unit numbers, all of them when unset", () => {
    expect(loadConfig({ DATA_DIR: temp.path }, temp.path).demoReadingsUnitIds).toBeNull();
    expect(loadConfig({ DATA_DIR: temp.path, DEMO_READINGS_UNITS: "" }, temp.path).demoReadingsUnitIds).toBeNull();
    expect(
      loadConfig({ DATA_DIR: temp.path, DEMO_READINGS_UNITS: "9, 1,22,9" }, temp.path).demoReadingsUnitIds,
    ).toEqual([101, 109, 122]);
    for (const bad of ["0", "33", "1;2", "one", "1,,2"]) {
      expect(() => loadConfig({ DATA_DIR: temp.path, DEMO_READINGS_UNITS: bad }, temp.path), bad).toThrow(
        /DEMO_READINGS_UNITS/,
      );
    }
  });
});
