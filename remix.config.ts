import type { VitePluginConfig } from "@remix-run/dev";

/**
 * Options of the Remix Vite plugin (vite.config.ts passes them on). All v3 future flags are on:
 * single fetch, lazy route discovery and the explicit route table in app/routes.ts.
 */
const remixConfig = {
  appDirectory: "app",
  buildDirectory: "build",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
} satisfies VitePluginConfig;

export default remixConfig;
