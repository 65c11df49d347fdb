import type { WorkflowCanceller, WorkflowTrigger } from "../../../core/workflows/workflowKinds";
import type {
  ApprovedData,
  CancelledData,
  CreatedData,
  PaidData,
} from "../../booking/bookingChange";
import type { AttendeeRow, EventRow, HostUser } from "../../data/bookings";
import type { WorkflowWithSteps } from "../../data/workflows";
import { dropScheduledMails } from "../../mail/scheduledMails";
import { plannedSends } from "../../workflows/plannedSends";
import type { ChangeContext, ChangeProcessor } from "../changeContext";
import {
  attendeesNamed,
  changedEvent,
  createdMeetings,
  mailContextOf,
  movedMeeting,
} from "../changedBooking";

/**
 * The workflow steps a change sends or schedules, and the scheduled ones it drops: a change
 * fires the workflows of its trigger at once; a confirmed meeting gets its timed ones (before
 * the start, after the end: the event type's reminders and follow-up among them), a moved one
 * gets them anew for its new time, a cancelled one loses them.
 */
export const workflowProcessor: ChangeProcessor = async (context) => {
  switch (context.change.kind) {
    case "created":
      return created(context);
    case "approved":
      return approved(context);
    case "paid":
      return paid(context);
    case "rescheduled":
      return rescheduled(context);
    case "reassigned":
      return reassigned(context);
    case "cancelled":
    case "declined":
    case "expired":
      return cancelled(context);
    case "no_show":
      return noShow(context);
    default:
      return;
  }
};

const TIMED: ReadonlySet<WorkflowTrigger> = new Set(["before_start", "after_end"]);

async function workflowsOf(context: ChangeContext): Promise<WorkflowWithSteps[]> {
  if (context.eventType === null) return [];
  return context.read.workflows(context.eventType.id);
}

/** Runs `selected` workflows for a meeting's attendees. */
async function run(
  context: ChangeContext,
  selected: readonly WorkflowWithSteps[],
  event: EventRow,
  hosts: readonly HostUser[],
  attendees: readonly AttendeeRow[],
  options: { dueAfter?: Date } = {},
): Promise<void> {
  const type = context.eventType;
  if (type === null || attendees.length === 0) return;
  const meeting = { mail: mailContextOf(context, type, event, hosts), attendees, hosts };
  for (const workflow of selected) {
    await context.out.workflowSends(plannedSends(workflow, meeting, options), context.now);
  }
}

const byTrigger = (all: readonly WorkflowWithSteps[], trigger: WorkflowTrigger) =>
  all.filter((w) => w.trigger === trigger);
const timedOf = (all: readonly WorkflowWithSteps[]) => all.filter((w) => TIMED.has(w.trigger));

/** Every booking fires "created"; a confirmed one gets its timed steps now, a pending one later. */
async function created(context: ChangeContext): Promise<void> {
  const data = context.change.data as unknown as CreatedData;
  const all = await workflowsOf(context);
  if (all.length === 0) return;
  for (const { event, hosts, attendee } of await createdMeetings(context)) {
    const fired = byTrigger(all, "created");
    await run(
      context,
      data.status === "CONFIRMED" ? [...fired, ...timedOf(all)] : fired,
      event,
      hosts,
      [attendee],
    );
  }
}

/** An approved request is confirmed: "confirmed" fires and its timed steps are planned. */
async function approved(context: ChangeContext): Promise<void> {
  const all = await workflowsOf(context);
  const changed = await changedEvent(context);
  if (all.length === 0 || changed === null) return;
  const data = context.change.data as unknown as ApprovedData;
  const booked = await attendeesNamed(context, [changed.event.id], data.attendeeIds);
  await run(
    context,
    [...byTrigger(all, "confirmed"), ...timedOf(all)],
    changed.event,
    changed.hosts,
    booked,
  );
}

/** A paid booking is confirmed (a paid request only once approved). */
async function paid(context: ChangeContext): Promise<void> {
  const data = context.change.data as unknown as PaidData;
  const all = await workflowsOf(context);
  const changed = await changedEvent(context);
  if (data.request || all.length === 0 || changed === null) return;
  const payer = await attendeesNamed(
    context,
    [changed.event.id],
    [context.change.attendeeId ?? ""],
  );
  await run(
    context,
    [...byTrigger(all, "confirmed"), ...timedOf(all)],
    changed.event,
    changed.hosts,
    payer,
  );
}

/**
 * A moved meeting's scheduled steps were for the former time: they go (a seat's only, when it
 * moved into another event); "rescheduled" fires, and a confirmed one gets its new time's.
 */
async function rescheduled(context: ChangeContext): Promise<void> {
  const meeting = await movedMeeting(context);
  if (meeting === null) return;
  const { data, moved, former, attendees, after } = meeting;
  if (data.intoAnotherEvent) {
    for (const attendee of attendees) {
      await dropScheduledMails(context.tx, { attendeeId: attendee.id });
    }
  } else {
    await dropScheduledMails(context.tx, { eventId: moved.id });
  }
  if (former.status !== "CONFIRMED") return;
  const all = await workflowsOf(context);
  await run(context, [...byTrigger(all, "rescheduled"), ...timedOf(all)], moved, after, attendees);
}

/**
 * Same time, another host: the scheduled steps still to come are written anew (naming the new
 * host, texting and mailing them); those due already are out or going out, and stay.
 */
async function reassigned(context: ChangeContext): Promise<void> {
  const meeting = await movedMeeting(context);
  if (meeting === null) return;
  const { moved, former, attendees, after } = meeting;
  const dueAfter = context.now;
  await dropScheduledMails(context.tx, { eventId: moved.id }, { dueAfter });
  if (former.status !== "CONFIRMED") return;
  await run(context, timedOf(await workflowsOf(context)), moved, after, attendees, { dueAfter });
}

/** Who a cancellation is by, as a workflow's `cancelledBy` names it. */
function cancellerOf(context: ChangeContext): WorkflowCanceller {
  if (context.change.kind === "declined") return "declined";
  if (context.change.kind === "expired") return "expired";
  return context.change.actor === "invitee" ? "invitee" : "host";
}

/**
 * A cancelled meeting's scheduled steps not sent yet go (a seat's, only its attendee's); the
 * "cancelled" workflows that name this kind of cancellation fire.
 */
async function cancelled(context: ChangeContext): Promise<void> {
  const data = context.change.data as unknown as CancelledData;
  if (data.scope === "seat") {
    for (const attendeeId of data.attendeeIds) {
      await dropScheduledMails(context.tx, { attendeeId });
    }
  } else {
    for (const eventId of data.eventIds) await dropScheduledMails(context.tx, { eventId });
  }
  const by = cancellerOf(context);
  const fired = byTrigger(await workflowsOf(context), "cancelled").filter((w) =>
    w.cancelledBy.includes(by),
  );
  const changed = await changedEvent(context);
  if (fired.length === 0 || changed === null) return;
  const dropped = await attendeesNamed(context, [changed.event.id], data.attendeeIds);
  await run(context, fired, changed.event, changed.hosts, dropped);
}

/** A host marked the invitee as a no-show: "no_show" fires for them. */
async function noShow(context: ChangeContext): Promise<void> {
  const fired = byTrigger(await workflowsOf(context), "no_show");
  const changed = await changedEvent(context);
  if (fired.length === 0 || changed === null || context.change.attendeeId === null) return;
  const marked = await attendeesNamed(context, [changed.event.id], [context.change.attendeeId]);
  await run(context, fired, changed.event, changed.hosts, marked);
}
