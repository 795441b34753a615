/**
 * Entry of the back-end process: `npx tsx backend/main.ts` (or the bundled build).
 * Reads the environment (config.ts), opens DATA_DIR/portal.sqlite (or DATABASE_URL), serves until SIGTERM/SIGINT.
 */

import { createJsonLog, installJsonConsole, logFormatOf } from "@common/node/logging";
import { ConfigError, loadConfig } from "./config";
import { loggerFromEnv } from "./logger";
import { startBackend } from "./server";

// LOG_FORMAT=json: one JSON object per line, from our logger and from anything that uses console.
const logger = loggerFromEnv(process.env);
if (logFormatOf(process.env) === "json") installJsonConsole(createJsonLog("backend"));

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.jwtSecretSource === "generated") {
    logger.info(`generated a JWT secret in ${config.dataDir}/jwt-secret`);
  }
  const backend = await startBackend({
    port: config.port,
    host: config.host,
    databasePath: config.databasePath,
    filesDir: config.filesDir,
    jwtSecret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    refreshGraceSeconds: config.refreshGraceSeconds,
    seedDemo: config.seedDemo,
    demoReadings: config.seedDemo,
    demoReadingsUnitIds: config.demoReadingsUnitIds ?? undefined,
    accountFlows: config.accountFlows,
    brand: config.brand,
    production: config.production,
    scheduledJobs: true,
    logger,
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting immediately`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal} received: shutting down`);
    backend.close().then(
      () => {
        logger.info("back-end stopped");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error("error while shutting down:", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    logger.error(error.message);
  } else {
    logger.error("back-end failed to start:", error);
  }
  process.exit(1);
});
