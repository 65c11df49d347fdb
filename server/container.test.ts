import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { projectRoot } from "./projectRoot";
import { freePort } from "./test/freePort";
import { createTestDatabase, testEngine } from "./test/testDatabase";

/** The Dockerfile's user (node, uid 1000 there): here `nobody` when the tests run as root. */
const asUser =
  process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : ({} as { uid?: number; gid?: number });

/** The Dockerfile's CMD and its command list, read from the Dockerfile itself. */
function dockerfileCommand(): string[] {
  const dockerfile = readFileSync(join(projectRoot, "Dockerfile"), "utf8");
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
  if (!cmd) throw new Error("the Dockerfile has no CMD in exec form");
  return JSON.parse(cmd[1]!) as string[];
}

function run(command: string[], env: Record<string, string>, stdio: "pipe" | "ignore" = "pipe") {
  return spawn(command[0] === "node" ? process.execPath : command[0]!, command.slice(1), {
    cwd: projectRoot,
    // Only what the image sets and what compose passes: nothing of this process's environment.
    env: { PATH: process.env.PATH!, NODE_ENV: "production", HOST: "0.0.0.0", ...env },
    stdio: ["ignore", stdio, stdio],
    ...asUser,
  });
}

async function until(check: () => Promise<boolean>, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${log()}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`gave up: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`the container's command as a process (${testEngine})`, () => {
  it("runs the built server as a non-root user with the app folder read-only, configured by env at start, data only under DATA_DIR", async () => {
    // The image's build stage: the server bundle (the client is not needed for this test).
    const built = spawnSync(
      process.execPath,
      ["-e", "import('./scripts/build.mjs').then((m) => m.buildServer())"],
      { cwd: projectRoot, stdio: "inherit" },
    );
    expect(built.status).toBe(0);

    const dataDir = mkdtempSync(join(tmpdir(), "slotted-container-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    if (asUser.uid !== undefined) chownSync(dataDir, asUser.uid, asUser.gid!);
    let databaseUrl = "";
    if (testEngine === "postgres") {
      const database = await createTestDatabase();
      await database.close();
      databaseUrl = database.url!;
    }
    const port = await freePort();
    const publicUrl = "https://slots.example.test";
    const env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: "warn",
    };
    const child = run(dockerfileCommand(), env);
    let log = "";
    child.stdout!.on("data", (chunk) => {
      log += chunk;
    });
    child.stderr!.on("data", (chunk) => {
      log += chunk;
    });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });
    const base = `http://127.0.0.1:${port}`;
    await until(
      async () => (await fetch(`${base}/api/ready`)).status === 200,
      child,
      () => log,
    );
    // The Dockerfile's HEALTHCHECK path answers.
    expect(readFileSync(join(projectRoot, "Dockerfile"), "utf8")).toMatch(/\/api\/health/);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // PUBLIC_URL came from the environment at start, not from the build.
    const openApi = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      servers: { url: string }[];
    };
    expect(openApi.servers[0]!.url).toBe(publicUrl);
    expect(log).toContain(`Slotted is ready: ${publicUrl}`);
    // Signing up writes: the account is stored, under DATA_DIR or in PostgreSQL only.
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "container@example.com",
        password: "correct horse battery",
        name: "Container Host",
        username: "container-host",
        timeZone: "UTC",
      }),
    });
    expect(signup.status).toBe(201);

    // The backup command of docs/operations.md, run as the same user beside the server.
    const backup = run(["node", "dist/server/backup.js", "backup"], env);
    let backupLog = "";
    backup.stdout!.on("data", (chunk) => {
      backupLog += chunk;
    });
    backup.stderr!.on("data", (chunk) => {
      backupLog += chunk;
    });
    expect(await new Promise((resolve) => backup.once("exit", resolve)), backupLog).toBe(0);
    expect(readdirSync(join(dataDir, "backups"))).toHaveLength(1);

    child.kill("SIGTERM");
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(0);
    const written = readdirSync(dataDir).sort();
    expect(written).toEqual(
      expect.arrayContaining(["backups", "encryption-key", "session-secret"]),
    );
    if (testEngine === "pglite") expect(written).toContain("pglite");
  }, 240_000);
});
