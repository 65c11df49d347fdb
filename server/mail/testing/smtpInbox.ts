import { SMTPServer } from "smtp-server";
import { onTestFinished } from "vitest";
import { freePort } from "../../test/freePort";

/**
 * A loopback SMTP server that keeps every message it receives, on a free port chosen now but
 * not yet listening: `up()` starts it, so a test can have mail fail first. It closes when the
 * test ends, after whatever the test started later (hooks run last-in first-out): a server
 * closed while clients still hold pooled connections would wait 30 s for them.
 */
export async function smtpInboxDown() {
  const port = await freePort();
  const received: string[] = [];
  let listening = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push(raw);
        callback();
      });
    },
  });
  onTestFinished(() =>
    listening ? new Promise<void>((resolve) => smtp.close(() => resolve())) : undefined,
  );
  return {
    port,
    received,
    up: () =>
      new Promise<void>((resolve) =>
        smtp.listen(port, "127.0.0.1", () => {
          listening = true;
          resolve();
        }),
      ),
  };
}

/** A loopback SMTP server that keeps every message it receives, listening until the test ends. */
export async function smtpInbox() {
  const inbox = await smtpInboxDown();
  await inbox.up();
  return inbox;
}
