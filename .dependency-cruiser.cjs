/**
 * The import rules `npm run deps` (and `npm test`) holds the sources to: no cycles, the wall
 * between the portal and the stand-in back-end, a neutral common/ module, a pure app/domain/ and no
 * devDependencies at run time. Test files may cross the wall: they start a back-end to talk to.
 */
const testFile = "\\.test\\.tsx?$|^tests/";
const portal = "^(app|server)/|^server\\.ts$";
const npm = ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-bundled", "npm-no-pkg", "npm-unknown"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A cycle (type-only imports too) means two modules are really one; move what both need into its own module.",
      from: {},
      to: { circular: true },
    },
    {
      name: "portal-not-to-backend",
      severity: "error",
      comment: "The portal talks to the back-end over GraphQL only; it shares code with it through common/.",
      from: { path: portal, pathNot: testFile },
      to: { path: "^backend/" },
    },
    {
      name: "backend-not-to-portal",
      severity: "error",
      comment:
        "The back-end stands in for a separate service: it may not use the portal's code (shared code lives in common/).",
      from: { path: "^backend/", pathNot: testFile },
      to: { path: portal },
    },
    {
      name: "portal-only-its-own-packages",
      severity: "error",
      comment:
        "The portal deploys with its own package.json's dependencies only: the back-end's drivers, GraphQL server and mailer are the back-end package's (backend/package.json).",
      from: { path: portal, pathNot: testFile },
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "common-is-neutral",
      severity: "error",
      comment: "common/ is used by both sides, so it may use neither.",
      from: { path: "^common/" },
      to: { path: "^(app|server|backend)/|^server\\.ts$" },
    },
    {
      name: "common-only-zod",
      severity: "error",
      comment:
        "common/ runs in the browser, the portal and the back-end: of npm packages only zod, and no node: builtins. (No date library: dayjs with its plugins was 5 KB gzip of every page's JavaScript; docs/performance.md.)",
      from: { path: "^common/", pathNot: testFile },
      to: { dependencyTypes: npm, pathNot: "^node_modules/zod/" },
    },
    {
      name: "common-no-node-builtins",
      severity: "error",
      comment:
        "common/ runs in the browser too; only common/node/ (logging, request ids, shutdown: both servers) is for Node.",
      from: { path: "^common/", pathNot: [testFile, "^common/node/"] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment:
        "app/domain/ is plain logic: no React, no Remix, no node: builtins, no I/O (databases, HTTP, mail, files, .server modules).",
      from: { path: "^app/domain/", pathNot: testFile },
      to: {
        path: [
          "^node_modules/(react|react-dom|react-i18next|@remix-run/[^/]+|better-sqlite3|pg|kysely|graphql-request|graphql-yoga|nodemailer|pdfkit|express|compression|jose)/",
          "\\.server\\.tsx?$",
          "^(app/services|app/session|backend|server)/",
        ],
      },
    },
    {
      name: "domain-no-node-builtins",
      severity: "error",
      comment: "app/domain/ runs in the browser too.",
      from: { path: "^app/domain/", pathNot: testFile },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "not-to-dev-dep",
      severity: "error",
      comment:
        "What runs in production may not need a devDependency (npm ci --omit=dev). Type-only imports are erased; tests, scripts and build configuration may.",
      from: {
        path: "^(app|server|backend|common)/|^server\\.ts$",
        // Test helpers (backend/testing, the test OpenID provider) and the route table read at build time.
        pathNot: [testFile, "^backend/testing/", "^backend/services/social-test-provider\\.ts$", "^app/routes\\.ts$"],
      },
      // A dynamic import runs only where it is needed: server.ts imports vite in development only.
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only", "dynamic-import"] },
    },
  ],
  options: {
    // The sources, npm packages and node: builtins (so rules about packages see them), nothing made.
    exclude: { path: "^(build|data|reports|test-results|playwright-report|\\.cache|\\.react-router)/" },
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".mjs", ".js", ".cjs", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};
