import { SMTPServer } from "smtp-server";
import { freePort } from "../../test/freePort";

/**
 * A loopback SMTP server that keeps every message it receives, on a free port chosen now but
 * not yet listening: `up()` starts it, `close()` stops it if it was started. Free of vitest, so
 * bench/ can use it too (smtpInbox.ts is the tests' own). `hang`: it never accepts a message (a
 * mail server that stopped answering). `ignoreErrors`: a client cut off (a killed process)
 * resets its connection, which would otherwise be an unhandled error. `onMessage`: each message
 * and its envelope's recipients go to it instead of being kept (a bench counting thousands).
 */
export async function loopbackSmtp({
  hang = false,
  ignoreErrors = false,
  onMessage,
}: {
  hang?: boolean;
  ignoreErrors?: boolean;
  onMessage?: (raw: string, recipients: string[]) => void;
} = {}) {
  const port = await freePort();
  const received: string[] = [];
  let listening = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        if (hang) return;
        if (!onMessage) received.push(raw);
        else
          onMessage(
            raw,
            session.envelope.rcptTo.map((to) => to.address),
          );
        callback();
      });
    },
  });
  if (ignoreErrors) smtp.on("error", () => {});
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    up: () =>
      new Promise<void>((resolve) =>
        smtp.listen(port, "127.0.0.1", () => {
          listening = true;
          resolve();
        }),
      ),
    close: () =>
      listening ? new Promise<void>((resolve) => smtp.close(() => resolve())) : Promise.resolve(),
  };
}
