// What the benches share: the server bundled as `npm start` runs it, started on a free
// loopback port, and a host with an event type created over HTTP.
import { join } from "node:path";
import { build } from "esbuild";
import { serverEntryPoints } from "../../scripts/build.mjs";
import { projectRoot } from "../../server/projectRoot";
import { spawnServer } from "../../server/test/spawnServer";

export { call, hostWithEventType } from "../../server/test/httpHost";

export interface Server {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The server bundled as `npm start` runs it (esbuild, scripts/build.mjs's options), into its own
 * file so the shared dist/server is left alone; under the project so projectRoot is found.
 */
export async function buildServerBundle(): Promise<string> {
  const outdir = join(projectRoot, "dist", "bench");
  await build({
    entryPoints: serverEntryPoints(projectRoot),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  return join(outdir, "main.js");
}

/** `bundle` on `port` (a free one unless given), healthy; `env` wins over the benches' defaults. */
export async function startServer(
  bundle: string,
  env: Record<string, string>,
  port?: number,
): Promise<Server> {
  const { child, base, ready } = await spawnServer(
    {
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      // Hosts read their verification link there, over loopback, as the browser tests do.
      DEV_MAILBOX: "true",
      SMTP_URL: "",
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00",
      ...env,
    },
    {
      port,
      stderr: "inherit",
      node: [
        ...(process.env.BENCH_CPU_PROF
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
          : []),
        bundle,
      ],
    },
  );
  await ready("/api/health", 60_000, 100);
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
