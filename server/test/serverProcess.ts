import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import { projectRoot } from "../projectRoot";
import { freePort } from "./freePort";

export interface ServerProcess {
  child: ChildProcess;
  base: string;
}

/**
 * server/main.ts in a process of its own with `env` on top of this one's, healthy on a free
 * loopback port; killed when the test ends unless it already stopped.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { timeoutMs = 60_000, port: chosen }: { timeoutMs?: number; port?: number } = {},
): Promise<ServerProcess> {
  // A chosen port lets PUBLIC_URL name the process before it starts.
  const port = chosen ?? (await freePort());
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(projectRoot, "server", "main.ts")],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  onTestFinished(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
