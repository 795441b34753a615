/** Test helper: what the back-end's configuration says about variables it refuses. */
import { expect } from "vitest";
import { ConfigError, loadConfig } from "../config";

/** The message of the ConfigError that loading this environment throws; fails the test when it loads. */
export function configErrorOf(...args: Parameters<typeof loadConfig>): string {
  try {
    loadConfig(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration loaded without an error");
}
