// `npm start`: build what is missing (`npm start -- --force` rebuilds), then run the server in
// this process. The build runs in a child process: Vite sets process.env.NODE_ENV while it
// builds, and in this process that would change how the server it then starts is configured.
// Whether there is anything to build is asked here (build.mjs reads `--force` from this
// process's arguments too), so an up-to-date start costs no second process.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildNeeded } from "./build.mjs";

if (buildNeeded()) {
  const build = spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL("build.mjs", import.meta.url)),
      "--quiet",
      ...process.argv.slice(2).filter((arg) => arg === "--force"),
    ],
    { stdio: "inherit" },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import("../dist/server/main.js");
