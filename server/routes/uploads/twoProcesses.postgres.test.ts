import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { projectRoot } from "../../projectRoot";
import { freePort } from "../../test/freePort";
import { TINY_PNG } from "../../test/multipart";
import { createTestDatabase } from "../../test/testDatabase";
import { CLOCK_START } from "../../test/twoServers";

async function waitForHealth(base: string, child: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not become healthy`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

// Principle 7: with uploads kept on the receiving process's disk, the other process had none.
describe("two server processes on one PostgreSQL, each with its own DATA_DIR", () => {
  it("serves a file uploaded through one from the other, ranges included", async () => {
    const database = await createTestDatabase();
    const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), "slotted-media-two-")));
    const ports = [await freePort(), await freePort()];
    const children = ports.map((port, i) =>
      spawn(process.execPath, ["--import", "tsx", join(projectRoot, "server", "main.ts")], {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATABASE_URL: database.url!,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDirs[i],
          SESSION_SECRET: "two-processes-secret-two-processes-secret",
          LOG_LEVEL: "error",
          DEV_MAILBOX: "0",
          SMTP_URL: "",
          S3_URL: "",
          TEST_CLOCK_START: CLOCK_START,
        },
        stdio: ["ignore", "ignore", "inherit"],
      }),
    );
    onTestFinished(async () => {
      await Promise.all(children.map(stop));
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await database.close();
    });
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all(bases.map((base, i) => waitForHealth(base, children[i]!)));

    const signup = await fetch(`${bases[0]}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "media@example.com",
        password: "correct horse battery",
        name: "Media Host",
        username: "media-host",
        timeZone: "Europe/Berlin",
      }),
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };

    const form = new FormData();
    form.append("file", new Blob([TINY_PNG], { type: "image/png" }), "me.png");
    const uploaded = await fetch(`${bases[0]}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    const served = await fetch(`${bases[1]}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const part = await fetch(`${bases[1]}${url}`, { headers: { range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(TINY_PNG.subarray(0, 8))).toBe(true);
  }, 60_000);
});
