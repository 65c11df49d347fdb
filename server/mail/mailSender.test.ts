import { describe, expect, it, onTestFinished } from "vitest";
import { type MailSender, startMailSender } from "./mailSender";
import type { MailPayload } from "./mailTypes";
import { loopbackSmtp } from "./testing/loopbackSmtp";
import { smtpInbox } from "./testing/smtpInbox";

const verification = (i: number): MailPayload => ({
  template: "emailVerification",
  to: { email: `user${i}@example.com`, name: `User ${i}` },
  language: "en",
  data: { name: `User ${i}`, email: `user${i}@example.com`, url: "http://localhost/v", hours: 24 },
});

function sender(port: number, concurrency = 1): MailSender {
  const started = startMailSender({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: "Slotted <no-reply@localhost>",
    mailHost: "localhost",
    concurrency,
  });
  onTestFinished(() => started.close());
  return started;
}

describe("mail sender", () => {
  it("sends on its thread and says which mails went out, which failed and whether for good", async () => {
    const inbox = await smtpInbox();
    const outcomes = await Promise.all(
      sender(inbox.port, 2).send([
        { id: 1, payload: verification(1), startWithinMs: 60_000 },
        {
          id: 2,
          payload: { ...verification(2), template: "noSuchTemplate" } as never,
          startWithinMs: 60_000,
        },
        { id: 3, payload: verification(3), startWithinMs: 60_000 },
      ]),
    );

    expect(outcomes.map((outcome) => outcome.kind)).toEqual(["sent", "failed", "sent"]);
    expect(outcomes[1]).toMatchObject({ permanent: true });
    expect(inbox.received).toHaveLength(2);
    // Two connections send at once, so the two mails may arrive in either order.
    const messageIds = inbox.received.map((mail) => /^Message-ID: (.*)$/m.exec(mail)?.[1]?.trim());
    expect(messageIds.sort()).toEqual(["<outbox-1@localhost>", "<outbox-3@localhost>"]);
  });

  it("does not start a mail whose window (the rest of its lease less a send) has passed", async () => {
    const inbox = await smtpInbox();
    const outcomes = await Promise.all(
      sender(inbox.port).send([
        { id: 1, payload: verification(1), startWithinMs: 60_000 },
        // Its window closed as it was handed over: the thread's start-up and queue count.
        { id: 2, payload: verification(2), startWithinMs: 0 },
      ]),
    );

    expect(outcomes.map((outcome) => outcome.kind)).toEqual(["sent", "late"]);
    expect(inbox.received).toHaveLength(1);
  });

  it("gives back what it has not started when asked", async () => {
    const inbox = await smtpInbox();
    const mailer = sender(inbox.port);
    const outcomes = mailer.send(
      Array.from({ length: 50 }, (_, i) => ({
        id: i,
        payload: verification(i),
        startWithinMs: 60_000,
      })),
    );
    await outcomes[0];
    mailer.cancelQueued();
    const kinds = (await Promise.all(outcomes)).map((outcome) => outcome.kind);

    expect(kinds).toContain("cancelled");
    expect(kinds.filter((kind) => kind === "sent")).toHaveLength(inbox.received.length);
    expect(new Set(kinds)).toEqual(new Set(["sent", "cancelled"]));
  });

  it("starts no more mails than SMTP_URL's maxConnections allows, so the rest can still be given back", async () => {
    // A server that never accepts a message: the one mail started holds the only connection.
    const smtp = await loopbackSmtp({ hang: true });
    onTestFinished(() => smtp.close());
    await smtp.up();
    const mailer = startMailSender({
      smtpUrl: `${smtp.url}?maxConnections=1`,
      from: "Slotted <no-reply@localhost>",
      mailHost: "localhost",
      concurrency: 3,
    });
    onTestFinished(() => mailer.close());
    const outcomes = mailer.send(
      [1, 2, 3].map((id) => ({ id, payload: verification(id), startWithinMs: 60_000 })),
    );
    mailer.cancelQueued();

    // Started ones would wait in nodemailer's queue for the connection, out of reach.
    expect((await Promise.all(outcomes.slice(1))).map((outcome) => outcome.kind)).toEqual([
      "cancelled",
      "cancelled",
    ]);
  });
});
