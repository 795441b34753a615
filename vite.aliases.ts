import { fileURLToPath } from "node:url";

/** tsconfig.json's import paths, for the Remix build, the Node build and Vitest alike. */
export const aliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@common": fileURLToPath(new URL("./common", import.meta.url)),
};
