import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Deps } from "../../deps";
import { enqueueMails } from "../../mail/outbox";
import { testConfig } from "../../test/testApp";
import { createTestDatabase } from "../../test/testDatabase";

// The server runs at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");

async function appWith(devMailbox: boolean) {
  const database = await createTestDatabase();
  const deps: Deps = { config: testConfig({ devMailbox }), database, clock: () => NOW };
  const app = await buildApp(deps, { logger: false, serveClient: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, deps };
}

describe("/dev/mailbox", () => {
  it("lists the outbox's mail and shows each message, escaped", async () => {
    const { app, deps } = await appWith(true);
    await enqueueMails(
      deps.database.db,
      [
        {
          template: "emailCode",
          to: { email: "x<y@example.com" },
          language: "en",
          data: { code: "123456", minutes: 10, title: "<b>Intro</b>" },
        },
      ],
      NOW,
    );
    const list = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toContain("text/html");
    expect(list.body).toContain("123456 is your verification code");
    expect(list.body).toContain("x&lt;y@example.com");
    const json = (await app.inject({ method: "GET", url: "/dev/mailbox.json" })).json();
    expect(json.mails[0]).toMatchObject({ to: "x<y@example.com", status: "pending" });
    const one = await app.inject({ method: "GET", url: `/dev/mailbox/${json.mails[0].id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain("<b>Intro</b>");
    expect((await app.inject({ method: "GET", url: "/dev/mailbox/999999" })).statusCode).toBe(404);
  });

  it("leaves out a mail due later (a reminder) until its time", async () => {
    const { app, deps } = await appWith(true);
    const later = new Date(NOW.getTime() + 24 * 3600_000);
    await enqueueMails(
      deps.database.db,
      [
        {
          template: "emailCode",
          to: { email: "later@example.com" },
          language: "en",
          data: { code: "654321", minutes: 10, title: "Later" },
        },
      ],
      later,
    );
    const json = (await app.inject({ method: "GET", url: "/dev/mailbox.json" })).json();
    expect(json.mails.map((m: { to: string }) => m.to)).not.toContain("later@example.com");
  });

  it("answers only connections from this machine, whatever they forward", async () => {
    const { app } = await appWith(true);
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const r = await app.inject({ method: "GET", url: "/dev/mailbox.json", remoteAddress });
      expect(r.statusCode).toBe(200);
    }
    for (const url of [
      "/dev/mailbox",
      "/dev/mailbox.json",
      "/dev/mailbox/1",
      "/dev/mailbox/1/invite.ics",
    ]) {
      const r = await app.inject({
        method: "GET",
        url,
        remoteAddress: "203.0.113.7",
        headers: { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" },
      });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain("mails");
    }
  });

  it("believes no forwarded header even behind a trusted proxy", async () => {
    const database = await createTestDatabase();
    const deps: Deps = {
      config: testConfig({ devMailbox: true, trustProxy: ["10.0.0.1"] }),
      database,
      clock: () => NOW,
    };
    const app = await buildApp(deps, { logger: false, serveClient: false });
    afterAll(async () => {
      await app.close();
      await database.close();
    });
    const r = await app.inject({
      method: "GET",
      url: "/dev/mailbox.json",
      remoteAddress: "10.0.0.1",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(r.statusCode).toBe(404);
  });

  it("does not exist unless enabled", async () => {
    const { app } = await appWith(false);
    expect((await app.inject({ method: "GET", url: "/dev/mailbox.json" })).statusCode).toBe(404);
  });
});
