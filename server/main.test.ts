import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServerProcess } from "./test/serverProcess";

const tsx = join(process.cwd(), "node_modules", ".bin", "tsx");

function run(
  env: Record<string, string>,
  until?: (output: string) => boolean,
  script = "server/main.ts",
) {
  const child = spawn(tsx, [script], {
    env: { ...process.env, LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  return new Promise<{ code: number | null; stdout: string; stderr: string; child: typeof child }>(
    (resolve) => {
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
        if (until?.(stdout)) resolve({ code: null, stdout, stderr, child });
      });
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("exit", (code) => resolve({ code, stdout, stderr, child }));
    },
  );
}

describe("server/main.ts", () => {
  it("refuses a wrong configuration value with one line and exit code 1", async () => {
    const { code, stderr, stdout } = await run({
      PORT: "not-a-port",
      DATA_DIR: mkdtempSync(join(tmpdir(), "slotted-main-")),
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('slotted: PORT must be a number from 0 to 65535, got "not-a-port".');
    expect(stdout).toBe("");
  });

  it("refuses an unreachable DATABASE_URL with one line", async () => {
    const { code, stderr } = await run({
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
      DATA_DIR: mkdtempSync(join(tmpdir(), "slotted-main-")),
    });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^slotted: cannot use DATABASE_URL: /);
  });

  it("serves on PGlite, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "slotted-main-"));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const first = await run(
      { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: "https://slotted.example/" },
      (out) => out.includes("Slotted is ready:"),
    );
    try {
      // After listening, once, as a plain line with the address to open.
      expect(first.stdout.split("\n").filter((line) => line.includes("Slotted is ready"))).toEqual([
        "Slotted is ready: https://slotted.example",
      ]);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
      const second = await run({ PORT: String(port + 1), DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/^slotted: another Slotted process \(pid \d+\) is using /);
    } finally {
      first.child.kill("SIGTERM");
    }
    const code = await new Promise((resolve) => first.child.once("exit", resolve));
    expect(code).toBe(0);
    expect(existsSync(join(dataDir, "slotted.pid"))).toBe(false);
  }, 60_000);
});

describe("stopping server/main.ts", () => {
  it("cuts a request still arriving after SHUTDOWN_TIMEOUT_MS and exits cleanly", async () => {
    const server = await startServerProcess({
      DATA_DIR: mkdtempSync(join(tmpdir(), "slotted-main-")),
      SHUTDOWN_TIMEOUT_MS: "200",
      LOG_LEVEL: "error",
    });
    const { port } = new URL(server.base);
    const socket = connect(Number(port), "127.0.0.1");
    await once(socket, "connect");
    const cut = once(socket, "close");
    // Says 100 bytes are coming, sends 9, and waits: a client on a stalled uplink.
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    // One event loop serves both: once a later request is answered, the first one is in flight.
    expect((await fetch(`${server.base}/api/health`)).ok).toBe(true);
    const exited = once(server.child, "exit");
    server.child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
    await cut;
  }, 120_000);
});

describe("server/demo.ts", () => {
  const freePort = () => String(20000 + Math.floor(Math.random() * 20000));

  it("says in one line to set PORT when no server answers there and another process holds DATA_DIR", async () => {
    // The usual case: the server runs on another port than the demo was told.
    const dataDir = mkdtempSync(join(tmpdir(), "slotted-demo-"));
    writeFileSync(join(dataDir, "slotted.pid"), `${process.pid}\n`);
    const { code, stderr } = await run(
      { PORT: freePort(), DATA_DIR: dataDir },
      undefined,
      "server/demo.ts",
    );
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr.trim()).toMatch(
      new RegExp(
        `^slotted demo: no Slotted server answers at http://127\\.0\\.0\\.1:\\d+, but another Slotted process \\(pid ${process.pid}\\) is using .*\\. Set PORT to the port that server listens on, or stop it first\\.$`,
      ),
    );
  }, 30_000);

  it("creates nothing on a running server whose mail it cannot read, and says why in one line", async () => {
    const server = await startServerProcess({
      DATA_DIR: mkdtempSync(join(tmpdir(), "slotted-demo-")),
      DEV_MAILBOX: "false",
      SMTP_URL: "",
      LOG_LEVEL: "error",
    });
    try {
      const { port } = new URL(server.base);
      const { code, stderr } = await run(
        { PORT: port, DATABASE_URL: "" },
        undefined,
        "server/demo.ts",
      );
      expect(code).toBe(1);
      expect(stderr.trim().split("\n")).toHaveLength(1);
      expect(stderr.trim()).toMatch(
        /^slotted demo: the server at .* does not show this process its mail, so demo accounts could not be verified and nothing was created\. Restart it with DEV_MAILBOX=true, or stop it and run npm run demo again\.$/,
      );
      const login = await fetch(`${server.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "demo@example.com", password: "slotted-demo" }),
      });
      expect(login.status).toBe(401);
    } finally {
      const exited = once(server.child, "exit");
      server.child.kill("SIGTERM");
      await exited;
    }
  }, 120_000);

  it("says in one line what to set when neither the server nor DATABASE_URL answers", async () => {
    const { code, stderr } = await run(
      {
        PORT: freePort(),
        DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
        DATA_DIR: mkdtempSync(join(tmpdir(), "slotted-demo-")),
      },
      undefined,
      "server/demo.ts",
    );
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr.trim()).toMatch(
      /^slotted demo: no Slotted server answers at .* and DATABASE_URL cannot be used \(.+\)\. Set PORT .*, or DATABASE_URL to a reachable database\.$/,
    );
  }, 30_000);
});
