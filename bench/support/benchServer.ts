// What the benches share: the server bundled as `npm start` runs it, started on a free
// loopback port, and a host with an event type created over HTTP.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { build } from "esbuild";
import { serverEntryPoints } from "../../scripts/build.mjs";
import { projectRoot } from "../../server/projectRoot";

import { freePort } from "../../server/test/freePort";

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
  port ??= await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      bundle,
    ],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        LOG_LEVEL: "error",
        NODE_ENV: "production",
        // Hosts read their verification link there, over loopback, as the browser tests do.
        DEV_MAILBOX: "true",
        SMTP_URL: "",
        SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00",
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited while starting");
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
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
