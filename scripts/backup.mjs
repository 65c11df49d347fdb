// `npm run backup [-- FILE]` and `npm run restore -- FILE`: build the server if it is missing
// (as `npm start` does), then run server/backup.ts with the same environment as the server.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const build = spawnSync(
  process.execPath,
  [fileURLToPath(new URL("build.mjs", import.meta.url)), "--quiet"],
  { stdio: "inherit" },
);
if (build.status !== 0) process.exit(build.status ?? 1);
await import("../dist/server/backup.js");
