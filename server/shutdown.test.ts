import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { call, hostWithEventType } from "./test/httpHost";
import { startServerProcess } from "./test/serverProcess";
import { createTestDatabase, testEngine } from "./test/testDatabase";

/** Where the servers' clocks start (TEST_CLOCK_START): the run never reads the date it is. */
const CLOCK_START = new Date("2027-01-04T06:00:00Z");

/** Everything the socket received so far, and a wait for some text in it. */
function reader(socket: Socket) {
  let received = "";
  const waiters: (() => void)[] = [];
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on("close", () => {
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    text: () => received,
    async until(pattern: RegExp): Promise<string> {
      while (!pattern.test(received)) {
        if (socket.destroyed) throw new Error(`closed before ${pattern}: ${received}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      return received;
    },
  };
}

/** Whether a new connection to `base` is refused (the listener is closed). */
async function refuses(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/api/health`);
    return false;
  } catch {
    return true;
  }
}

describe(`SIGTERM (${testEngine})`, () => {
  it("stops taking connections, finishes the booking in flight and its mail, then exits 0", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "slotted-shutdown-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = "";
    if (testEngine === "postgres") {
      const database = await createTestDatabase();
      await database.close();
      databaseUrl = database.url!;
    }
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "shutdown-test-secret-shutdown-test-secret",
      LOG_LEVEL: "error",
      DEV_MAILBOX: "true",
      SMTP_URL: "",
      SHUTDOWN_TIMEOUT_MS: "60000",
      // The booking's day comes from this clock, not from the date the run happens on.
      TEST_CLOCK_START: CLOCK_START.toISOString(),
    };
    const server = await startServerProcess(env);
    await hostWithEventType(server.base, "stopping-host", { slug: "talk" });
    expect((await call(server.base, "GET", "/api/ready")).status).toBe(200);

    const start = new Date(CLOCK_START.getTime() + 3 * 86_400_000);
    start.setUTCHours(10, 0, 0, 0);
    const body = JSON.stringify({
      userLink: "stopping-host",
      eventTypeLink: "talk",
      start: start.toISOString(),
      timezone: "UTC",
      name: "Late Invitee",
      email: "late@example.com",
    });
    // A booking whose body is still on its way when SIGTERM comes: the server has read its
    // headers (it answered 100 Continue), so the request is in flight.
    const { port } = new URL(server.base);
    const socket = connect(Number(port), "127.0.0.1");
    onTestFinished(() => {
      socket.destroy();
    });
    const read = reader(socket);
    socket.write(
      [
        "POST /api/event HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        "Content-Type: application/json",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Expect: 100-continue",
        "",
        "",
      ].join("\r\n"),
    );
    await read.until(/^HTTP\/1\.1 100 Continue\r\n/);
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");

    // No new connection is taken while the booking in flight is still running.
    await expect.poll(() => refuses(server.base), { timeout: 30_000, interval: 50 }).toBe(true);
    expect(server.child.exitCode).toBeNull();

    socket.write(body);
    const answer = await read.until(/\r\n\r\n[\s\S]*\}$/);
    expect(answer).toMatch(/HTTP\/1\.1 201 Created/);
    expect(await exited).toBe(0);

    // The next process on the same data has the booking, and its mails were written before the
    // first one stopped (the change worker finished its step).
    // It starts where the first one's clock cannot have got to: its mails are due by then.
    const next = await startServerProcess({
      ...env,
      TEST_CLOCK_START: new Date(CLOCK_START.getTime() + 3_600_000).toISOString(),
    });
    const { body: mailbox } = await call(next.base, "GET", "/dev/mailbox.json");
    const toInvitee = (mailbox.mails as { to: string; subject: string }[]).filter(
      (mail) => mail.to === "late@example.com",
    );
    expect(toInvitee).toHaveLength(1);
    const again = await call(next.base, "POST", "/api/event", JSON.parse(body));
    expect(again.status).toBe(409);
    next.child.kill("SIGTERM");
    expect(await new Promise((resolve) => next.child.once("exit", resolve))).toBe(0);
  }, 180_000);
});
