import { sql } from "drizzle-orm";
import {
  type CalendarJob,
  calendarJobWantedSql,
  enqueueCalendarJobs,
} from "../calendars/calendarJobs";
import type { Tx } from "../db/database";
import { outbox, workflowRuns } from "../db/schema";
import { refreshBookingFacts } from "../insights/bookingFacts";
import type { MailPayload } from "../mail/mailTypes";
import { enqueueMails } from "../mail/outbox";
import { type AnnounceOptions, announceBooking } from "../webhooks/announceBooking";
import {
  type AnnouncedMeeting,
  type Announcement,
  announceBookings,
} from "../webhooks/announceBookings";
import type { WebhookEvent } from "../webhooks/enqueueWebhookEvent";
import { enqueueWorkflowSends } from "../workflows/enqueueWorkflowSends";
import type { PlannedSend } from "../workflows/plannedSends";

/** Where a change's processors put the rows they derive, each as of the change's time `now`. */
export interface EffectSink {
  mails(mails: readonly MailPayload[], now: Date): Promise<void>;
  calendarJobs(jobs: readonly CalendarJob[], now: Date): Promise<void>;
  workflowSends(sends: readonly PlannedSend[], now: Date): Promise<void>;
  announce(
    type: WebhookEvent["type"],
    eventId: string,
    now: Date,
    options?: AnnounceOptions,
  ): Promise<void>;
  /** The insights' booking facts of these meetings are written afresh from their rows. */
  facts(eventIds: readonly string[]): Promise<void>;
}

/** Writes each row as it comes, in `tx`: a change derived on its own. */
export function immediateSink(tx: Tx): EffectSink {
  return {
    mails: (mails, now) => enqueueMails(tx, [...mails], now),
    calendarJobs: (jobs, now) => enqueueCalendarJobs(tx, jobs, now),
    workflowSends: (sends, now) => enqueueWorkflowSends(tx, sends, now),
    announce: (type, eventId, now, options = {}) =>
      announceBooking(tx, type, eventId, now, options),
    facts: (eventIds) => refreshBookingFacts(tx, [...eventIds]),
  };
}

/** The rows of some changes, gathered to be written together (BatchEffects.write). */
export class GatheredEffects implements EffectSink {
  readonly mailRows: { payload: MailPayload; now: Date }[] = [];
  readonly jobs: { job: CalendarJob; now: Date }[] = [];
  readonly sends: { send: PlannedSend; now: Date }[] = [];
  readonly announcements: Announcement[] = [];
  readonly factsOf = new Set<string>();

  async mails(mails: readonly MailPayload[], now: Date) {
    for (const payload of mails) this.mailRows.push({ payload, now });
  }
  async calendarJobs(jobs: readonly CalendarJob[], now: Date) {
    for (const job of jobs) this.jobs.push({ job, now });
  }
  async workflowSends(sends: readonly PlannedSend[], now: Date) {
    for (const send of sends) this.sends.push({ send, now });
  }
  async announce(
    type: WebhookEvent["type"],
    eventId: string,
    now: Date,
    options: AnnounceOptions = {},
  ) {
    this.announcements.push({ type, eventId, now, options });
  }
  async facts(eventIds: readonly string[]) {
    for (const id of eventIds) this.factsOf.add(id);
  }

  get empty(): boolean {
    return (
      this.mailRows.length +
        this.jobs.length +
        this.sends.length +
        this.announcements.length +
        this.factsOf.size ===
      0
    );
  }

  /** Adds what another change gathered (once its derivation succeeded). */
  add(other: GatheredEffects): void {
    this.mailRows.push(...other.mailRows);
    this.jobs.push(...other.jobs);
    this.sends.push(...other.sends);
    this.announcements.push(...other.announcements);
    for (const id of other.factsOf) this.factsOf.add(id);
  }

  /**
   * Writes everything gathered in `tx`, a statement per table whatever the number of changes:
   * the mails and workflow sends' outbox rows together, the sends' run-log rows, the calendar
   * jobs of hosts with a calendar, the webhook deliveries (announceBookings), and the
   * insights' facts of every meeting concerned (one statement).
   */
  async write(
    tx: Tx,
    meetingOf: (eventId: string) => Promise<AnnouncedMeeting | null>,
  ): Promise<void> {
    const sent = this.sends.filter(({ send }) => !("skipped" in send.send));
    const rows = [
      ...this.mailRows.map(({ payload, now }) => ({
        kind: "mail" as const,
        payload: payload as unknown as Record<string, unknown>,
        nextAttemptAt: now,
        createdAt: now,
      })),
      ...sent.map(({ send: planned, now }) => {
        const send = planned.send as Exclude<PlannedSend["send"], { skipped: unknown }>;
        const timed = send.purpose !== null;
        return {
          kind: send.kind,
          payload: send.payload as unknown as Record<string, unknown>,
          nextAttemptAt: planned.dueAt,
          createdAt: now,
          eventId: timed ? planned.eventId : null,
          attendeeId: timed ? planned.attendeeId : null,
          purpose: send.purpose,
        };
      }),
    ];
    // PostgreSQL returns a multi-row insert's rows in the order of its values.
    const ids =
      rows.length === 0
        ? []
        : (await tx.insert(outbox).values(rows).returning({ id: outbox.id })).map((r) => r.id);
    const sendIds = ids.slice(this.mailRows.length);
    if (this.sends.length > 0) {
      let next = 0;
      await tx.insert(workflowRuns).values(
        this.sends.map(({ send: planned, now }) => {
          // A code for the run log (no_consent, no_number…), not a sentence.
          const skippedBecause = "skipped" in planned.send ? planned.send.skipped : null;
          return {
            workflowId: planned.workflowId,
            stepId: planned.stepId,
            eventId: planned.eventId,
            attendeeId: planned.attendeeId,
            recipient: planned.recipient,
            status: skippedBecause === null ? ("scheduled" as const) : ("skipped" as const),
            error: skippedBecause,
            dueAt: planned.dueAt,
            outboxId: skippedBecause === null ? sendIds[next++]! : null,
            createdAt: now,
          };
        }),
      );
    }
    if (this.jobs.length > 0) {
      const jobs = this.jobs.map(({ job, now }) => ({ job, now: now.toISOString() }));
      await tx.execute(sql`
        insert into outbox (kind, payload, next_attempt_at, created_at)
        select 'calendar', j->'job', (j->>'now')::timestamptz, (j->>'now')::timestamptz
          from jsonb_array_elements(${JSON.stringify(jobs)}::jsonb) with ordinality as r(j, n)
         where ${calendarJobWantedSql(sql`(j->'job')`)}
         order by n`);
    }
    await announceBookings(tx, this.announcements, meetingOf);
    if (this.factsOf.size > 0) await refreshBookingFacts(tx, [...this.factsOf]);
  }
}
