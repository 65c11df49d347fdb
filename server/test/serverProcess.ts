import type { ChildProcess } from "node:child_process";
import { onTestFinished } from "vitest";
import { spawnServer } from "./spawnServer";

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
  { timeoutMs = 60_000, port }: { timeoutMs?: number; port?: number } = {},
): Promise<ServerProcess> {
  // A chosen port lets PUBLIC_URL name the process before it starts.
  const { child, base, ready } = await spawnServer(env, { port });
  onTestFinished(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
  });
  await ready("/api/health", timeoutMs);
  return { child, base };
}
