// The thread server/mail/mailSender.ts starts: renders outbox mails and speaks SMTP for them, so
// that a mail's dozen SMTP round trips each wait for a turn of this thread's event loop, not of
// the one serving bookings (see mailSender.ts). It never touches the database.
import { connect, type Socket } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { errorMessage } from "../loggerOptions";
import type { FromMailThread, MailThreadConfig, Outcome, ToMailThread } from "./mailSender";
import { renderMail, UnknownTemplateError } from "./renderMail";

/**
 * Opens the TCP connection nodemailer then speaks SMTP (and TLS) over, with Nagle's algorithm
 * off: nodemailer leaves it on, and the end of each message then waits for the server's
 * delayed ACK, about 40 ms per mail on a reused connection. The socket is handed over while
 * still connecting, so nodemailer's own handlers and timeouts see a refused or hung connect;
 * an error passed to the callback instead would leave the pool a dead slot for good.
 */
function openNoDelay(
  options: SMTPPool.Options,
  callback: (error: Error | null, socketOptions: { connection: Socket }) => void,
): void {
  const connection = connect({
    host: options.host ?? "localhost",
    port: options.port ?? (options.secure ? 465 : 587),
    noDelay: true,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  callback(null, { connection });
}

function isPermanent(error: unknown): boolean {
  if (error instanceof UnknownTemplateError) return true;
  const code = (error as { responseCode?: unknown }).responseCode;
  // 5xx for a recipient or message is final; connection trouble and 4xx are worth a retry.
  return typeof code === "number" && code >= 500 && code < 600;
}

const config = workerData as MailThreadConfig;
const port = parentPort!;
// createTransport(url, options) would take the options as message defaults and drop them,
// so the URL is parsed here and the transport settings go beside it; what the URL's query
// sets (tls.*, for example) wins.
const fromUrl = parseConnectionUrl(config.smtpUrl);
const urlConnections = (fromUrl as { maxConnections?: unknown }).maxConnections;
/**
 * Mails in flight at once: the worker's, or fewer when SMTP_URL's `maxConnections` says so (a
 * server that takes fewer connections). Each is started here only when a connection is free, so
 * none waits in nodemailer's own queue past the time it had to start by.
 */
const concurrency =
  typeof urlConnections === "number" && urlConnections >= 1
    ? Math.min(config.concurrency, Math.floor(urlConnections))
    : config.concurrency;
const transport: Transporter = nodemailer.createTransport({
  // A new connection per mail (greeting, EHLO, the server's reverse lookup) held delivery to
  // about 6 mails/s however fast the database was; pooled connections are reused.
  pool: true,
  maxConnections: concurrency,
  // A pooled connection the server closed as idle gets one more try on a fresh one; any
  // further failure is the outbox's retry with backoff, not an unbounded resend loop.
  maxRequeues: 1,
  getSocket: openNoDelay,
  // Well inside the lease, so a hung server cannot make two processes send one mail.
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 30_000,
  ...fromUrl,
} as SMTPPool.Options);

interface Queued {
  id: number;
  payload: ToMailThreadSend["mails"][number]["payload"];
  /** performance.now() from which the mail is not started: its lease could end mid-send. */
  startBy: number;
}
type ToMailThreadSend = Extract<ToMailThread, { type: "send" }>;

const queue: Queued[] = [];
let active = 0;

function report(id: number, outcome: Outcome) {
  port.postMessage({ id, outcome } satisfies FromMailThread);
}

async function send(mail: Queued): Promise<void> {
  const rendered = renderMail(mail.payload);
  await transport.sendMail({
    from: config.from,
    to: rendered.to.name
      ? { name: rendered.to.name, address: rendered.to.email }
      : rendered.to.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: `<outbox-${mail.id}@${config.mailHost}>`,
    attachments: rendered.attachments,
    ...(rendered.ics
      ? {
          icalEvent: {
            method: rendered.ics.method,
            filename: "invite.ics",
            content: rendered.ics.content,
          },
        }
      : {}),
  });
}

/** Starts queued mails while fewer than `concurrency` are in flight. */
function pump() {
  while (active < concurrency && queue.length > 0) {
    const mail = queue.shift()!;
    if (performance.now() >= mail.startBy) {
      report(mail.id, { kind: "late" });
      continue;
    }
    active += 1;
    send(mail)
      .then(
        () => report(mail.id, { kind: "sent" }),
        (error: unknown) =>
          report(mail.id, {
            kind: "failed",
            message: errorMessage(error),
            permanent: isPermanent(error),
          }),
      )
      .finally(() => {
        active -= 1;
        pump();
      });
  }
}

port.on("message", (message: ToMailThread) => {
  if (message.type === "send") {
    // The window runs from the hand-over on the main thread (timeOrigin + now() is one timeline
    // across a process's threads), so the thread's start-up and the message's wait count too.
    const handedOver = message.handedOver - performance.timeOrigin;
    for (const mail of message.mails) {
      queue.push({ id: mail.id, payload: mail.payload, startBy: handedOver + mail.startWithinMs });
    }
    pump();
  } else if (message.type === "cancel") {
    for (const mail of queue.splice(0)) report(mail.id, { kind: "cancelled" });
  } else {
    transport.close();
    port.close();
  }
});
