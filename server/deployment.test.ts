import { existsSync, readFileSync } from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";

/**
 * docker-compose.yml, deploy/nginx.conf and .env.example (docs/operations.md) cannot be
 * run here (no Docker daemon), so what ties them together is checked instead: the services the
 * proxy balances exist and listen where it sends requests, every back-end shares one database and
 * one token secret, every portal one session secret, the health checks ask paths the servers
 * serve, the commands start files the build makes, and every secret compose insists on is in
 * .env.example.
 */

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
}

const composeText = readFileSync("docker-compose.yml", "utf8");
const compose = load(composeText) as { services: Record<string, Service> };
const nginx = readFileSync("deploy/nginx.conf", "utf8");
const services = compose.services;
const backends = ["backend-1", "backend-2"];
const portals = ["portal-1", "portal-2"];

/** The `server host:port` lines of one nginx upstream block. */
function upstreamServers(name: string): string[] {
  const block = new RegExp(`upstream ${name} \\{([^}]*)\\}`).exec(nginx)?.[1] ?? "";
  return [...block.matchAll(/^\s*server\s+([\w.-]+:\d+)/gm)].map((m) => m[1]!);
}

/** The URL a health check's command fetches. */
function healthUrl(service: Service): string {
  const command = service.healthcheck?.test.join(" ") ?? "";
  return /https?:\/\/[^'" ]+/.exec(command)?.[0] ?? "";
}

describe("docker-compose.yml with deploy/nginx.conf", () => {
  it("runs PostgreSQL, two back-ends, two portals and a reverse proxy, each with a health check", () => {
    expect(Object.keys(services).sort()).toEqual([
      "backend-1",
      "backend-2",
      "portal-1",
      "portal-2",
      "postgres",
      "proxy",
    ]);
    for (const [name, service] of Object.entries(services)) expect(service.healthcheck?.test, name).toBeDefined();
  });

  it("the proxy balances exactly the compose services, on the ports they listen on", () => {
    expect(upstreamServers("portals")).toEqual(portals.map((name) => `${name}:${services[name]!.environment!.PORT}`));
    expect(upstreamServers("backends")).toEqual(
      backends.map((name) => `${name}:${services[name]!.environment!.BACKEND_PORT}`),
    );
    // The public listener is the one published; the back-ends' stays inside the compose network.
    expect(nginx).toMatch(/listen 8080;/);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: docker compose's own ${…} interpolation, read as text
    expect(services.proxy!.ports).toEqual(["${PROXY_PORT:-8080}:8080"]);
    expect(services.proxy!.volumes).toContain("./deploy/nginx.conf:/etc/nginx/nginx.conf:ro");
  });

  it("every back-end uses the same PostgreSQL database and token secret, with JSON logs", () => {
    const environments = backends.map((name) => services[name]!.environment!);
    for (const environment of environments) {
      expect(environment.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(environment.LOG_FORMAT).toBe("json");
      expect(environment.NODE_ENV).toBe("production");
    }
    expect(new Set(environments.map((e) => e.DATABASE_URL)).size).toBe(1);
    expect(new Set(environments.map((e) => e.JWT_SECRET)).size).toBe(1);
    // Only one instance seeds the demo; the other starts once it is healthy.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: docker compose's own ${…} interpolation, read as text
    expect(environments.map((e) => e.SEED_DEMO)).toEqual(["${SEED_DEMO:-true}", "false"]);
    expect(services["backend-2"]!.depends_on?.["backend-1"]?.condition).toBe("service_healthy");
    // Statement files: one volume shared by both.
    expect(new Set(backends.map((name) => services[name]!.volumes?.join()))).toEqual(new Set(["backend-files:/data"]));
  });

  it("every portal uses the same session secret and reaches the back-ends through the proxy", () => {
    const environments = portals.map((name) => services[name]!.environment!);
    expect(new Set(environments.map((e) => e.SESSION_SECRET)).size).toBe(1);
    for (const environment of environments) {
      for (const key of [
        "ACCOUNT_API_URL",
        "USERS_API_URL",
        "TENANT_DATA_API_URL",
        "STATEMENT_FILES_URL",
        "BACKEND_HEALTH_URL",
      ]) {
        expect(environment[key], key).toMatch(/^http:\/\/proxy:8081\//);
      }
      expect(environment.LOG_FORMAT).toBe("json");
    }
  });

  it("the health checks ask the readiness paths the servers answer, on the ports they listen on", () => {
    for (const name of backends)
      expect(healthUrl(services[name]!)).toBe(`http://127.0.0.1:${services[name]!.environment!.BACKEND_PORT}/health`);
    for (const name of portals)
      expect(healthUrl(services[name]!)).toBe(`http://127.0.0.1:${services[name]!.environment!.PORT}/healthz`);
    expect(readFileSync("server.ts", "utf8")).toContain('app.get("/healthz"');
    expect(readFileSync("backend/app.ts", "utf8")).toContain("/health");
    expect(healthUrl(services.proxy!)).toBe("http://127.0.0.1:8081/proxy-health");
    expect(nginx).toContain("location = /proxy-health");
  });

  it("the services start the entry points the build makes", () => {
    const buildConfig = readFileSync("vite.node.config.ts", "utf8");
    const built = [...buildConfig.matchAll(/^\s*(\w+): "[^"]+\.ts",$/gm)].map((m) => `build/node/${m[1]}.js`);
    for (const name of [...backends, ...portals]) {
      const [program, file] = services[name]!.command!;
      expect(program).toBe("node");
      expect(built, name).toContain(file);
    }
    expect(existsSync("Dockerfile")).toBe(true);
  });

  it("every variable compose requires is set in .env.example", () => {
    const required = new Set([...composeText.matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]!));
    const example = readFileSync(".env.example", "utf8");
    const set = new Set([...example.matchAll(/^(\w+)=/gm)].map((m) => m[1]!));
    expect([...required].sort()).toEqual(["JWT_SECRET", "POSTGRES_PASSWORD", "SESSION_SECRET"]);
    for (const name of required) expect(set, name).toContain(name);
  });
});
