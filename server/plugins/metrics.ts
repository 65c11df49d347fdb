import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import ipaddr from "ipaddr.js";
import {
  calendarSyncState,
  changeBacklog,
  failedWebhookDeliveries,
  outboxState,
} from "../data/operations";
import type { Deps } from "../deps";

/** Why `POST /api/event` refused a booking, by its status (the error handler's one table). */
const REFUSAL_REASONS: Record<number, string> = {
  400: "bad_request",
  403: "forbidden",
  404: "not_found",
  409: "slot_taken",
  410: "gone",
  413: "too_large",
  415: "bad_request",
  422: "invalid",
  429: "rate_limited",
  503: "unavailable",
};

/** The booking route the counters watch, as Fastify names its pattern. */
const BOOKING_ROUTE = "/api/event";

/**
 * Prometheus metrics at `/metrics` for the addresses in METRICS_ALLOW (off without it), plus the
 * one-time warning that forwarded headers are ignored. Request latency, booking outcomes and the
 * pool are counted here; the outbox, change backlog and calendar syncs are read from the tables
 * at each scrape, so every process reports the shared queues the same.
 */
export const metrics = fp(async (app: FastifyInstance, { deps }: { deps: Deps }) => {
  warnAboutUntrustedProxy(app, deps);
  const allow = deps.config.metricsAllow;
  if (allow === null) return;
  const allowed = allowList(allow);
  // Loaded only where metrics are on: an installation without METRICS_ALLOW never pays for it.
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import(
    "prom-client"
  );

  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "slotted_" });
  const latency = new Histogram({
    name: "slotted_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const bookingsMade = new Counter({
    name: "slotted_bookings_made_total",
    help: "Bookings answered 201 by POST /api/event in this process",
    registers: [registry],
  });
  const bookingsRefused = new Counter({
    name: "slotted_bookings_refused_total",
    help: "Bookings POST /api/event refused in this process, by reason",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const query = deps.database.query;
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const outboxDue = gauge("slotted_outbox_depth", "Outbox jobs due now and not done, by kind", [
    "kind",
  ]);
  const outboxScheduled = gauge(
    "slotted_outbox_scheduled",
    "Outbox jobs due later (reminders, retries after backoff), by kind",
    ["kind"],
  );
  const outboxAge = gauge(
    "slotted_outbox_oldest_age_seconds",
    "How long the oldest due outbox job has waited, by kind",
    ["kind"],
  );
  const outboxRetrying = gauge(
    "slotted_outbox_retrying",
    "Outbox jobs that failed at least once and wait for another try, by kind",
    ["kind"],
  );
  const workerFailures = gauge(
    "slotted_worker_failures",
    "Jobs the workers gave up on (dead outbox rows, failed webhook deliveries), by kind",
    ["kind"],
  );
  const changesPending = gauge(
    "slotted_booking_changes_pending",
    "Booking changes whose mails, webhooks and calendar writes are not derived yet",
  );
  const changesAge = gauge(
    "slotted_booking_changes_oldest_age_seconds",
    "How long the oldest underived booking change has waited",
  );
  const calendarAge = gauge(
    "slotted_calendar_sync_age_seconds",
    "Since the least recently synced calendar connection synced, by provider",
    ["provider"],
  );
  const calendarConnections = gauge(
    "slotted_calendar_connections",
    "Calendar connections, by provider",
    ["provider"],
  );
  const calendarFailing = gauge(
    "slotted_calendar_connections_failing",
    "Calendar connections whose latest syncs fail, by provider",
    ["provider"],
  );
  const pool = gauge(
    "slotted_db_pool_connections",
    "Database connections of this process by state (PGlite: one, always in use)",
    ["state"],
  );

  /** Reads the shared queues once per scrape; a database that fails answers 503. */
  async function readTables(): Promise<void> {
    const now = deps.clock();
    const [outbox, changes, webhooksFailed, calendars] = await Promise.all([
      outboxState(query, now),
      changeBacklog(query, now),
      failedWebhookDeliveries(query),
      calendarSyncState(query, now),
    ]);
    for (const state of outbox) {
      outboxDue.set({ kind: state.kind }, state.due);
      outboxScheduled.set({ kind: state.kind }, state.scheduled);
      outboxAge.set({ kind: state.kind }, state.oldestDueSeconds);
      outboxRetrying.set({ kind: state.kind }, state.retrying);
      workerFailures.set(
        { kind: state.kind },
        state.dead + (state.kind === "webhook" ? webhooksFailed : 0),
      );
    }
    changesPending.set(changes.pending);
    changesAge.set(changes.oldestSeconds);
    calendarAge.reset();
    calendarConnections.reset();
    calendarFailing.reset();
    for (const state of calendars) {
      calendarAge.set({ provider: state.provider }, state.oldestSyncSeconds);
      calendarConnections.set({ provider: state.provider }, state.connections);
      calendarFailing.set({ provider: state.provider }, state.failing);
    }
    const use = deps.database.poolUse?.() ?? { max: 1, total: 1, idle: 0, waiting: 0 };
    pool.set({ state: "max" }, use.max);
    pool.set({ state: "open" }, use.total);
    pool.set({ state: "in_use" }, use.total - use.idle);
    pool.set({ state: "idle" }, use.idle);
    pool.set({ state: "waiting" }, use.waiting);
  }

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    if (route === "/metrics") return;
    const status = reply.statusCode;
    latency.observe(
      { method: request.method, route, status: String(status) },
      reply.elapsedTime / 1000,
    );
    if (route === BOOKING_ROUTE && request.method === "POST") {
      if (status === 201) bookingsMade.inc();
      else if (status >= 400) bookingsRefused.inc({ reason: refusalReason(status) });
    }
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    // Not found for everyone else: the endpoint's existence is nobody else's business.
    if (!allowed(request)) return reply.status(404).send({ message: "Not Found" });
    try {
      await readTables();
    } catch (error) {
      request.log.warn({ err: error }, "metrics: the database did not answer");
      return reply.status(503).send({ message: "The database did not answer." });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});

function refusalReason(status: number): string {
  return REFUSAL_REASONS[status] ?? (status >= 500 ? "server_error" : "other");
}

/** Whether a request's address (request.ip: TRUST_PROXY decides) is in METRICS_ALLOW. */
function allowList(entries: string[]): (request: FastifyRequest) => boolean {
  const ranges = entries.flatMap((entry): [ipaddr.IPv4 | ipaddr.IPv6, number][] => {
    if (entry === "loopback") {
      return [ipaddr.parseCIDR("127.0.0.0/8"), ipaddr.parseCIDR("::1/128")];
    }
    if (entry.includes("/")) return [ipaddr.parseCIDR(entry)];
    const address = ipaddr.parse(entry);
    return [[address, address.kind() === "ipv4" ? 32 : 128]];
  });
  return (request) => {
    if (!ipaddr.isValid(request.ip)) return false;
    const address = ipaddr.process(request.ip);
    return ranges.some(
      ([range, bits]) => range.kind() === address.kind() && address.match(range, bits),
    );
  };
}

/**
 * Behind a proxy that TRUST_PROXY does not name, every request seems to come from the proxy:
 * the per-address limits (30 bookings per 10 minutes) then apply to the whole site. Said once.
 */
function warnAboutUntrustedProxy(app: FastifyInstance, deps: Deps): void {
  if (deps.config.trustProxy !== false) return;
  let warned = false;
  app.addHook("onRequest", async (request) => {
    if (warned || request.headers["x-forwarded-for"] === undefined) return;
    warned = true;
    request.log.warn(
      { proxy: request.socket.remoteAddress },
      "requests carry X-Forwarded-For but TRUST_PROXY is not set: every client is counted as the proxy's address, so per-address limits apply to all clients together; set TRUST_PROXY to the proxy's address",
    );
  });
}
