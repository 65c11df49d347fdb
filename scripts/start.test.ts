import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// A module preloaded into every node process the start spawns: the server's process (the one
// running scripts/start.mjs) records, as it exits, the environment it served with.
function reporter(dir: string): string {
  const file = join(dir, "report.mjs");
  writeFileSync(
    file,
    `import { writeFileSync } from "node:fs";
if (process.argv[1]?.endsWith("scripts/start.mjs")) {
  process.on("exit", () => writeFileSync(${JSON.stringify(join(dir, "env.json"))}, JSON.stringify(process.env)));
}
`,
  );
  return file;
}

/** Runs `npm start` (optionally forcing a build) until it is ready, then stops it. */
async function start(force: boolean) {
  const dir = mkdtempSync(join(tmpdir(), "slotted-start-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(dir, "data"),
    NODE_OPTIONS: `--import=${reporter(dir)}`,
  };
  // As `npm start` runs it: vitest's NODE_ENV=test would hide what the build does to it.
  delete env.NODE_ENV;
  // The lock the browser tests take around building dist/, which this start may rebuild.
  // Its own process group, so a failed run leaves neither flock nor a server behind.
  const child = spawn(
    "flock",
    ["/tmp/slotted-e2e.lock", "node", "scripts/start.mjs", ...(force ? ["--force"] : [])],
    { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  running.add(child.pid!);
  const exited = new Promise((resolve) => child.on("exit", resolve));
  exited.then(() => running.delete(child.pid!));
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("Slotted is ready:")) resolve();
    });
    child.on("exit", () => reject(new Error(`start exited early: ${stdout}${stderr}`)));
  });
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
  // flock passes the signal on to nothing, so stop the server itself: it is flock's child.
  const server = readFileSync(join(dir, "data", "slotted.pid"), "utf8").split("\n")[0];
  process.kill(Number(server), "SIGTERM");
  expect(await exited).toBe(0);
  const served = JSON.parse(readFileSync(join(dir, "env.json"), "utf8")) as Record<string, string>;
  return { stdout, served, port };
}

const running = new Set<number>();
afterEach(() => {
  for (const group of running) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

describe("npm start", () => {
  it("serves with the same environment whether or not it had to build first", async () => {
    const building = await start(true);
    expect(building.stdout).toMatch(/built client and server/);
    // Others editing the tree meanwhile make a start build again: try until one does not.
    let current = await start(false);
    for (let attempt = 0; attempt < 3 && /built/.test(current.stdout); attempt++) {
      current = await start(false);
    }
    expect(current.stdout).not.toMatch(/built/);
    const compared = (env: Record<string, string>, port: number) => {
      const { PORT, DATA_DIR, NODE_OPTIONS, ...rest } = env;
      expect(PORT).toBe(String(port));
      return rest;
    };
    expect(compared(building.served, building.port)).toEqual(
      compared(current.served, current.port),
    );
    expect(building.served.NODE_ENV).toBeUndefined();
    // Mostly waiting, when browser tests hold the lock; the two starts take about 10 s.
  }, 300_000);
});
