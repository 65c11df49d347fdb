import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import type { SmsSender } from "../sms/smsSender";
import { deliverWebhook } from "../webhooks/deliverWebhook";
import { signWebhook } from "../webhooks/signWebhook";
import { type ClaimRunMark, claimRunMark, startClaimWorker } from "../workers/claimWorker";
import { dueTimedRows } from "../workers/dueTimedRows";
import { type OutboxJob, outboxWork, type RetryPolicy } from "../workers/outboxJobs";
import type { WorkSignal } from "../workers/workSignal";
import type { WorkflowJobPayload } from "./plannedSends";
import { openWorkflowSecret } from "./workflowSecret";

/** Why a step's text or call failed: the run log shows `message`; `permanent` ones are not retried. */
export class WorkflowStepError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "WorkflowStepError";
  }
}

export interface WorkflowWorkOptions {
  database: Database;
  /** Sends the texts; absent or not configured: SMS steps fail with "not_configured". */
  sms?: SmsSender | null;
  /** A host's verified number (E.164), null when they have none. */
  hostNumber?: (userId: string) => Promise<string | null>;
  /** Whether webhook steps may call private and loopback addresses (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Opens the workflows' signing secrets (ENCRYPTION_KEY). */
  encryptionKey: Buffer;
  clock: () => Date;
  log?: { warn(obj: object, msg: string): void } | undefined;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  leaseMs?: number;
}

const BATCH = 20;

/** A claimed text or call, with what signs a call: its workflow and that workflow's sealed secret. */
interface WorkflowJob extends OutboxJob<WorkflowJobPayload> {
  workflowId: string | null;
  sealedSecret: string | null;
}

/**
 * Claims the due workflow texts and calls, leased like mail (FOR UPDATE SKIP LOCKED, so any
 * number of processes share them and none is sent twice). A timed one is checked as it is
 * claimed, under a share lock of its meeting and attendee (skipped while a change to either is
 * uncommitted): one whose meeting is no longer confirmed at the time it was written for, or whose
 * attendee left, is deleted instead of sent, and its run log says skipped.
 */
async function claimWorkflowJobs(
  database: Database,
  limit: number,
  now: Date,
  leasedUntil: Date,
): Promise<WorkflowJob[]> {
  const result = await database.db.execute<{
    id: string | number;
    payload: WorkflowJobPayload;
    attempts: number;
    workflow_id: string | null;
    signing_secret: string | null;
  }>(sql`
    with plain as (
      select id, true as live
        from outbox
       where kind = 'workflow' and status = 'pending' and next_attempt_at <= ${now}
         and purpose is null
       order by next_attempt_at, id
       limit ${limit}
       for update skip locked
    ), scheduled as (${dueTimedRows("workflow", sql`o.payload->>'start'`, now, limit)}
    ), due as (
      select id, live from plain union all select id, live from scheduled
    ), stale as (
      delete from outbox where id in (select id from due where not live)
    )
    update outbox
       set attempts = attempts + 1, next_attempt_at = ${leasedUntil}
     where id in (select id from due where live)
    returning id, payload, attempts,
      (select r.workflow_id from workflow_runs r where r.outbox_id = outbox.id limit 1) as workflow_id,
      (select w.signing_secret from workflow_runs r join workflows w on w.id = r.workflow_id
        where r.outbox_id = outbox.id limit 1) as signing_secret`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    payload: row.payload,
    attempts: row.attempts,
    workflowId: row.workflow_id,
    sealedSecret: row.signing_secret,
  }));
}

/** Sends one text or makes one call; throws WorkflowStepError when it did not go. */
async function runStep(options: WorkflowWorkOptions, claimed: WorkflowJob): Promise<void> {
  const job = claimed.payload;
  if (job.action === "webhook") {
    let status: number;
    try {
      ({ status } = await deliverWebhook(
        job.url,
        callHeaders(options, claimed, job.body),
        job.body,
        options.allowPrivate,
        () => options.clock().getTime(),
      ));
    } catch (error) {
      throw new WorkflowStepError((error as Error).message, false);
    }
    if (status < 200 || status >= 300) {
      // A receiver that says the request is wrong will say it again; anything else may pass.
      throw new WorkflowStepError(
        `HTTP ${status}`,
        status >= 400 && status < 500 && status !== 429,
      );
    }
    return;
  }
  const sms = options.sms;
  if (!sms?.configured) throw new WorkflowStepError("not_configured", true);
  const to = job.toHost ? ((await options.hostNumber?.(job.hostUserId)) ?? null) : job.to;
  if (to === null) throw new WorkflowStepError("unverified_number", true);
  const sent = await sms.send(
    { hostUserId: job.hostUserId, to, body: job.body, toHost: job.toHost },
    options.clock(),
  );
  if (!sent.ok) throw new WorkflowStepError(sent.reason, sent.permanent);
}

/**
 * A call's headers: signed like a webhook delivery (`Slotted-Signature` over the time and body
 * under the workflow's secret) at each attempt, so a receiver can check it came from here and is
 * fresh; unsigned only for a workflow made before calls were signed.
 */
function callHeaders(
  options: WorkflowWorkOptions,
  claimed: WorkflowJob,
  body: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "Slotted-Workflows",
    "slotted-event": "workflow.triggered",
    "slotted-delivery-id": String(claimed.id),
  };
  if (claimed.workflowId === null || claimed.sealedSecret === null) return headers;
  const secret = openWorkflowSecret(
    options.encryptionKey,
    claimed.workflowId,
    claimed.sealedSecret,
  );
  headers["slotted-signature"] = signWebhook(
    secret,
    Math.floor(options.clock().getTime() / 1000),
    body,
  );
  return headers;
}

function workflowWork(options: WorkflowWorkOptions): ClaimRunMark<WorkflowJob, void> {
  const retry: RetryPolicy = {
    baseDelayMs: options.baseDelayMs ?? 30_000,
    maxDelayMs: options.maxDelayMs ?? 3_600_000,
    maxAttempts: options.maxAttempts ?? 8,
    permanent: (error) => error instanceof WorkflowStepError && error.permanent,
  };
  return outboxWork({
    db: options.database.db,
    clock: options.clock,
    log: options.log,
    batch: BATCH,
    concurrency: 4,
    leaseMs: options.leaseMs ?? 120_000,
    claim: (limit, now, leasedUntil) =>
      claimWorkflowJobs(options.database, limit, now, leasedUntil),
    run: (job) => runStep(options, job),
    marking: { retry, notDone: "workflow step not done" },
    about: (job) => ({ action: job.payload.action }),
    lost: "workflow step outcome lost",
  });
}

/** Sends every due workflow text and call now; resolves with how many went. */
export function runDueWorkflowSteps(options: WorkflowWorkOptions): Promise<number> {
  return claimRunMark(workflowWork(options));
}

export interface WorkflowWorker {
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends workflow texts and calls from the outbox as they come due, retried with backoff
 * (a refusal that will not change, such as no SMS provider or an opted-out number, at once
 * dead); the run log reads each one's attempts and last error from its row.
 */
export function startWorkflowWorker(
  options: WorkflowWorkOptions & { pollMs?: number; workSignal?: WorkSignal },
): WorkflowWorker {
  const worker = startClaimWorker(workflowWork(options), {
    pollMs: options.pollMs ?? 5_000,
    wakeOn: options.workSignal && { signal: options.workSignal, tables: ["outbox:workflow"] },
    onError(error) {
      options.log?.warn({ err: error }, "workflow pass failed");
    },
  });
  return { drain: worker.run, stop: worker.stop };
}
