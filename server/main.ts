import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "./app";
import { ownerSetupToken } from "./auth/ownerSetup";
import { startChangeThread } from "./bookingChanges/changeThread";
import { startChangeWorker } from "./bookingChanges/changeWorker";
import { startCalendarWorker } from "./calendars/calendarWorker";
import { runningClockFrom } from "./clock";
import { calendarDeletionCanceller } from "./commands/calendarDeletionCanceller";
import { diskUploadMigrator } from "./commands/diskUploadMigrator";
import { webhookSecretSealer } from "./commands/webhookSecretSealer";
import { ConfigError, loadConfig } from "./config";
import { hasOwner } from "./data/users";
import { BACKUP_SOCKET, serveBackups } from "./db/backupSocket";
import { type Database, openPglite, openPostgres } from "./db/database";
import { lockDataDir } from "./db/dataDirLock";
import { MigrationError, migrate } from "./db/migrate";
import { startOutboxWorker } from "./mail/outboxWorker";
import { startPaymentWorker } from "./payments/paymentWorker";
import { paymentGatewayOf } from "./payments/stripeGateway";
import { smsSenderFromConfig } from "./sms/createSmsSender";
import { readHostPhone } from "./sms/hostPhones";
import type { SmsSender } from "./sms/smsSender";
import { uploadMediaOf } from "./uploads/uploadMedia";
import { startWebhookWorker } from "./webhooks/webhookWorker";
import { startExpiredRequestWorker } from "./workers/expiredRequestWorker";
import { openWorkSignal } from "./workers/workSignal";
import { startWorkflowWorker } from "./workflows/workflowWorker";

/** The one line a failed migration stops the start with. */
function migrationFailed(error: Error): string {
  return `migrating the database failed, nothing was changed: ${error.message.split("\n")[0]}`;
}

function fail(message: string): never {
  console.error(`slotted: ${message}`);
  process.exit(1);
}

async function openDatabase(databaseUrl: string | null, dataDir: string): Promise<Database> {
  if (databaseUrl === null) {
    let release: () => void;
    try {
      mkdirSync(dataDir, { recursive: true });
      release = lockDataDir(dataDir);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
    const database = await openPglite(join(dataDir, "pglite"));
    return {
      ...database,
      close: async () => {
        await database.close();
        release();
      },
    };
  }
  const database = openPostgres(databaseUrl);
  try {
    await migrate(database);
  } catch (error) {
    await database.close().catch(() => {});
    if (error instanceof MigrationError) fail(migrationFailed(error));
    const reason =
      error instanceof Error
        ? error.message || String((error as { code?: string }).code)
        : String(error);
    fail(`cannot use DATABASE_URL: ${reason}`);
  }
  return database;
}

/** Starts Slotted: configuration, database and migrations, then HTTP; stops cleanly on SIGTERM/SIGINT. */
export async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  if (database.engine === "pglite") {
    // All pending migrations run in one transaction: a failed one leaves the database as it was.
    try {
      await migrate(database);
    } catch (error) {
      await database.close().catch(() => {});
      fail(migrationFailed(error as Error));
    }
  }
  // Tests start the server on a clock of their own (TEST_CLOCK_START); otherwise the real time.
  const testClock = config.testClockStart ? runningClockFrom(config.testClockStart) : null;
  const clock = testClock ? () => testClock.now() : () => new Date();
  // GET /api/ready answers 503 from the moment a stop begins.
  const lifecycle = { stopping: false };
  // Texts go through Twilio when TWILIO_* are set; otherwise workflows offer no SMS step and a
  // text step fails "not_configured".
  const smsSender: SmsSender = smsSenderFromConfig(config, database.db);
  const deps = {
    config,
    database,
    clock,
    testClock,
    lifecycle,
    smsConfigured: smsSender.configured,
  };
  const app = await buildApp(deps);
  if (testClock) {
    app.log.warn(
      { testClockStart: config.testClockStart },
      "running on a test clock (TEST_CLOCK_START): /test/clock moves it; never do this in production",
    );
  }
  await moveDiskUploads(deps, app.log);
  // Signing secrets stored before they were encrypted are sealed now (they sign until then).
  const sealed = await webhookSecretSealer(database.db, config.encryptionKey);
  if (sealed > 0) app.log.info({ sealed }, "encrypted stored webhook signing secrets");
  // Every worker below runs as soon as its work commits (in any process on PostgreSQL).
  const workSignal = await openWorkSignal(database);
  // `npm run backup` cannot open PGlite's directory while this process holds it: it asks here.
  const stopBackups =
    database.engine === "pglite"
      ? await serveBackups(database, join(config.dataDir, BACKUP_SOCKET), deps.clock, app.log)
      : null;
  // Unanswered booking requests expire at their start, freeing their time.
  const expiredRequestWorker = startExpiredRequestWorker({
    database,
    publicUrl: config.publicUrl,
    clock: deps.clock,
    log: app.log,
  });
  // Derives every booking change's mails, reminders, webhooks, calendar writes and refunds.
  // On PostgreSQL on a thread of its own, so derivation keeps pace with the bookings.
  const changeWorker =
    config.databaseUrl === null
      ? startChangeWorker({
          database,
          publicUrl: config.publicUrl,
          secret: config.sessionSecret,
          clock: deps.clock,
          log: app.log,
          workSignal,
        })
      : startChangeThread(
          {
            databaseUrl: config.databaseUrl,
            publicUrl: config.publicUrl,
            secret: config.sessionSecret,
            logLevel: config.logLevel,
          },
          app.log,
        );
  // Without SMTP_URL mail stays in the outbox (shown at /dev/mailbox when enabled).
  const outboxWorker = config.smtpUrl
    ? startOutboxWorker({
        database,
        smtpUrl: config.smtpUrl,
        publicUrl: config.publicUrl,
        clock: deps.clock,
        log: app.log,
        workSignal,
      })
    : null;

  let stopping = false;
  // Frees expired payment holds and makes queued refunds, whether or not mail is sent.
  const gateway = paymentGatewayOf(config);
  const paymentWorker =
    gateway === null
      ? null
      : startPaymentWorker({
          database,
          gateway,
          publicUrl: config.publicUrl,
          secret: config.sessionSecret,
          clock: deps.clock,
          log: app.log,
          workSignal,
        });
  // Webhook deliveries go out whether or not mail does.
  const webhookWorker = startWebhookWorker({
    database,
    publicUrl: config.publicUrl,
    clock: deps.clock,
    allowPrivate: config.webhookAllowPrivate,
    encryptionKey: config.encryptionKey,
    log: app.log,
    workSignal,
  });
  // Workflow texts and calls go out whether or not mail does (their mails go with the mail).
  const workflowWorker = startWorkflowWorker({
    database,
    sms: smsSender,
    // A host's own number is texted only once they confirmed it with a code.
    hostNumber: async (userId) => (await readHostPhone(database.db, userId))?.phone ?? null,
    allowPrivate: config.webhookAllowPrivate,
    encryptionKey: config.encryptionKey,
    clock: deps.clock,
    log: app.log,
    workSignal,
  });
  // Reads connected calendars for busy time and writes bookings into them.
  const calendarWorker = startCalendarWorker({
    database,
    encryptionKey: config.encryptionKey,
    allowPrivate: config.calendarAllowPrivate,
    publicUrl: config.publicUrl,
    google: config.google,
    microsoft: config.microsoft,
    zoom: config.zoom,
    cancelBooking: calendarDeletionCanceller(database.db, config.publicUrl),
    clock: deps.clock,
    log: app.log,
    workSignal,
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // close() stops accepting connections and waits for in-flight requests, so no booking
    // transaction is cut in half; only then does the database go. A request still running at
    // SHUTDOWN_TIMEOUT_MS (a client trickling its body) has its connection closed: a stop
    // must not wait on a client.
    const closed = app.close();
    const deadline = setTimeout(() => {
      app.log.warn(
        { timeoutMs: config.shutdownTimeoutMs },
        "shutdown deadline passed: closing the connections of unfinished requests",
      );
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    await closed;
    clearTimeout(deadline);
    await expiredRequestWorker.stop();
    // The changes committed by the requests just finished get their effects before the end.
    await changeWorker.drain().catch(() => 0);
    await changeWorker.stop();
    await outboxWorker?.stop();
    await paymentWorker?.stop();
    await webhookWorker.stop();
    await workflowWorker.stop();
    await calendarWorker.stop();
    await workSignal.close();
    await stopBackups?.();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close().catch(() => {});
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE") fail(`port ${config.port} is in use; set PORT to another one.`);
    if (code === "EADDRNOTAVAIL") fail(`HOST ${config.host} is not an address of this machine.`);
    throw error;
  }
  if (!config.smtpUrl) app.log.warn(unsentMailNotice(config));
  if (!(await hasOwner(database.db))) {
    // Plain, like the line below: the owner's way in when the server is not on their machine.
    console.log(
      `No owner yet: create the owner account at ${config.publicUrl}/?setup=${ownerSetupToken(config.sessionSecret)} (or sign up from this machine).`,
    );
  }
  // Plain, not a log record: the one line a person starting it looks for.
  console.log(`Slotted is ready: ${config.publicUrl}`);
}

/**
 * Uploads from before media left the local disk move to PostgreSQL or S3 at start. A failure
 * (the object store unreachable) is logged and retried at the next start; it stops nothing.
 */
async function moveDiskUploads(
  deps: { config: ReturnType<typeof loadConfig>; database: Database },
  log: { info(o: object, m: string): void; warn(o: object, m: string): void },
): Promise<void> {
  try {
    const { db } = deps.database;
    const media = uploadMediaOf(deps.config, db);
    const { moved, missing } = await diskUploadMigrator(db, media, deps.config.dataDir);
    if (moved > 0) log.info({ moved }, `moved uploads from ${deps.config.dataDir}/uploads`);
    if (missing.length > 0) {
      log.warn(
        { missing: missing.length },
        `uploads stored on disk before are not in ${deps.config.dataDir}/uploads; start a server with the DATA_DIR that holds them to move them`,
      );
    }
  } catch (error) {
    log.warn(
      { err: error },
      "could not move uploads from the data directory; retrying at the next start",
    );
  }
}

/** Said once at start without SMTP_URL, so nobody waits for mail that is only queued. */
function unsentMailNotice(config: ReturnType<typeof loadConfig>): string {
  const where = config.devMailbox
    ? `read it at ${config.publicUrl}/dev/mailbox (from this machine only)`
    : "start with DEV_MAILBOX=true to read it at /dev/mailbox from this machine";
  return `SMTP_URL is not set: mail is queued in the outbox, not sent. Set SMTP_URL to send it, or ${where}.`;
}

await main();
