import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../projectRoot";
import { freePort } from "./freePort";

/** The server process exited before it answered ready. */
export class ServerExited extends Error {}

/**
 * server/main.ts in a process of its own with `env` on top of this one's, on `port` (else a
 * free one) on loopback. Free of vitest, so bench/ can use it too (serverProcess.ts is the
 * tests' own). `node` is what node runs: server/main.ts through tsx unless given (a bench runs
 * the bundle `npm start` runs). Its standard error is kept for the errors below (`pipe`) or
 * shown as it comes (`inherit`). `ready(path, timeoutMs, pollMs)` waits until GET `path`
 * answers 2xx, asking every `pollMs`; it throws ServerExited if the process exits first, and an
 * Error once `timeoutMs` passed.
 */
export async function spawnServer(
  env: Record<string, string>,
  {
    port: chosen,
    stderr = "pipe",
    node = ["--import", "tsx", join(projectRoot, "server", "main.ts")],
  }: { port?: number; stderr?: "pipe" | "inherit"; node?: string[] } = {},
) {
  const port = chosen ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, node, {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", stderr],
  });
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  async function ready(path: string, timeoutMs: number, pollMs = 50): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new ServerExited(`the server exited: ${output}`);
      try {
        if ((await fetch(`${base}${path}`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer ${path}: ${output}`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  return { child, base, ready };
}
