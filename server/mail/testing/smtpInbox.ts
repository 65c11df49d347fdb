import { onTestFinished } from "vitest";
import { loopbackSmtp } from "./loopbackSmtp";

/**
 * A loopback SMTP server that keeps every message it receives, on a free port chosen now but
 * not yet listening: `up()` starts it, so a test can have mail fail first. It closes when the
 * test ends, after whatever the test started later (hooks run last-in first-out): a server
 * closed while clients still hold pooled connections would wait 30 s for them.
 */
export async function smtpInboxDown() {
  const inbox = await loopbackSmtp();
  onTestFinished(() => inbox.close());
  return inbox;
}

/** A loopback SMTP server that keeps every message it receives, listening until the test ends. */
export async function smtpInbox() {
  const inbox = await smtpInboxDown();
  await inbox.up();
  return inbox;
}
