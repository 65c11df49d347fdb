import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { BookingChangeRow } from "../../booking/bookingChange";
import { bookingApprover } from "../../commands/bookingApprover";
import { bookingRescheduler } from "../../commands/bookingRescheduler";
import { eventCanceller } from "../../commands/eventCanceller";
import { expiredRequestSweeper } from "../../commands/expiredRequestSweeper";
import { meUpdater } from "../../commands/meUpdater";
import { noShowMarker } from "../../commands/noShowMarker";
import { paymentRefunder } from "../../commands/paymentRefunder";
import { paymentSettler } from "../../commands/paymentSettler";
import { roundRobinReassigner } from "../../commands/roundRobinReassigner";
import { attendees } from "../../db/schema";
import { rebuildBookingFacts } from "../../insights/bookingFacts";
import { paymentsSetup } from "../../payments/stripeGateway";
import { bookDirectly, commandContext, resolvedEvent } from "../../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, teamEventType, userLink } from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { SUCCEEDS, startStripeDouble } from "../../test/stripeDouble";
import { createTestApp } from "../../test/testApp";
import { drainChanges } from "../testing/drainChanges";
import { meetingsOfChange } from "./bookingFacts";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
t.setNow(BOOKING_NOW);
const db = t.database.db;
const HOUR = 3_600_000;

interface Fact {
  userId: string | null;
  status: string;
  startAt: string;
  leadHours: number;
  endKind: string | null;
  endActor: string | null;
  rescheduled: boolean;
  noShows: number;
  revenue: Record<string, number> | null;
}

const FACT_COLUMNS = sql`user_id as "userId", status, to_char(start_at at time zone 'UTC',
  'YYYY-MM-DD"T"HH24:MI') as "startAt", lead_hours as "leadHours", end_kind as "endKind",
  end_actor as "endActor", rescheduled, no_shows as "noShows", revenue`;

/** The facts of one meeting: its own row first, then its hosts'. */
async function factsOf(eventId: string): Promise<Fact[]> {
  const result = await db.execute(sql`select ${FACT_COLUMNS} from booking_facts
    where event_id = ${eventId} order by user_id nulls first`);
  return result.rows.map((row) => ({ ...row, leadHours: Number(row.leadHours) }) as Fact);
}

/** Every fact there is, in a fixed order. */
async function allFacts() {
  const result = await db.execute(sql`select event_id, ${FACT_COLUMNS}, team_id, event_type_id,
    end_at, local_weekday, local_hour from booking_facts order by event_id, user_id nulls first`);
  return result.rows;
}

/** Every hour of the hourly rollup there is, in a fixed order. */
async function allHours() {
  const result = await db.execute(sql`select * from booking_hours
    order by event_type_id, hour, team_id nulls first`);
  return result.rows;
}

/** The facts and hourly rollup the processor kept are those a rebuild from the raw rows writes. */
async function expectAsRebuilt() {
  const kept = await allFacts();
  const hours = await allHours();
  expect(hours.length).toBeGreaterThan(0);
  await rebuildBookingFacts(db);
  expect(await allFacts()).toEqual(kept);
  expect(await allHours()).toEqual(hours);
}

/** What a confirmed meeting of `hostIds` starting at `start` (booked at BOOKING_NOW) says. */
function confirmed(start: string, hostIds: string[], changes: Partial<Fact> = {}): Fact[] {
  const fact: Fact = {
    userId: null,
    status: "CONFIRMED",
    startAt: start.slice(0, 16),
    leadHours: (Date.parse(start) - BOOKING_NOW.getTime()) / HOUR,
    endKind: null,
    endActor: null,
    rescheduled: false,
    noShows: 0,
    revenue: null,
    ...changes,
  };
  return [fact, ...[...hostIds].sort().map((userId) => ({ ...fact, userId }))];
}

async function booked(start: string, overrides: Record<string, unknown> = {}) {
  const host = await signUpHost(t);
  const type = await createEventType(t, host, overrides);
  const { event } = await bookDirectly(t, userLink(host, type), { start });
  return { host, event };
}

describe("the booking facts follow every change", () => {
  it("created: written once the change is processed, a row for the meeting and one per host", async () => {
    const start = berlinSlot(1, "09:00");
    const { host, event } = await booked(start);
    expect(await factsOf(event.id)).toEqual([]);
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual(confirmed(start, [host.id]));
    await expectAsRebuilt();
  });

  it("cancelled: ended as cancelled, by the host who cancelled it", async () => {
    const start = berlinSlot(1, "11:00");
    const { host, event } = await booked(start);
    await drainChanges(t);
    await eventCanceller(commandContext(t), host.id, event.id, "Ill");
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual(
      confirmed(start, [host.id], { status: "CANCELLED", endKind: "cancelled", endActor: host.id }),
    );
    await expectAsRebuilt();
  });

  it("rescheduled: at its new time, counted as moved; the frozen former time has no facts", async () => {
    const start = berlinSlot(1, "13:00");
    const { host, event } = await booked(start);
    await drainChanges(t);
    const to = berlinSlot(2, "15:00");
    await bookingRescheduler(
      commandContext(t),
      await resolvedEvent(t, { eventUuid: event.id }),
      { kind: "host", userId: host.id },
      { start: Date.parse(to), timeZone: "UTC", reason: "Clash" },
    );
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual(confirmed(to, [host.id], { rescheduled: true }));
    const former = await db.execute<{ former_event_id: string }>(
      sql`select former_event_id from events where id = ${event.id}`,
    );
    expect(await factsOf(former.rows[0]!.former_event_id)).toEqual([]);
    await expectAsRebuilt();
  });

  it("no_show and no_show_undone: the no-shows counted, then not", async () => {
    const start = berlinSlot(1, "15:00");
    const { host, event } = await booked(start);
    await drainChanges(t);
    const [attendee] = await db.select().from(attendees).where(eq(attendees.eventId, event.id));
    const after = new Date(Date.parse(start) + HOUR);
    await noShowMarker(db, host.id, event.id, attendee!.id, true, after);
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual(confirmed(start, [host.id], { noShows: 1 }));
    await expectAsRebuilt();
    await noShowMarker(db, host.id, event.id, attendee!.id, false, after);
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual(confirmed(start, [host.id]));
  });

  it("reassigned: the host's row moves to the new host", async () => {
    const a = await signUpHost(t);
    const b = await signUpHost(t);
    const type = await teamEventType(t, "ROUND_ROBIN", [a, b]);
    const start = berlinSlot(3, "09:00");
    const { event, hosts } = await bookDirectly(t, { sharedLink: type.sharedLink }, { start });
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual(confirmed(start, [hosts[0]!.id]));
    const resolved = await resolvedEvent(t, { eventUuid: event.id });
    const other = resolved.target.hosts.find((h) => h.id !== hosts[0]!.id)!;
    await roundRobinReassigner(commandContext(t), a.id, resolved, other);
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual(confirmed(start, [other.id]));
    await expectAsRebuilt();
  });

  it("approved, declined and expired: a request counted as pending, then confirmed or ended", async () => {
    const [approvedStart, declinedStart, expiredStart] = [
      berlinSlot(4, "09:00"),
      berlinSlot(4, "11:00"),
      berlinSlot(4, "13:00"),
    ];
    const approved = await booked(approvedStart, { requiresApproval: true });
    const declined = await booked(declinedStart, { requiresApproval: true });
    const expired = await booked(expiredStart, { requiresApproval: true });
    await drainChanges(t);
    expect(await factsOf(approved.event.id)).toEqual(
      confirmed(approvedStart, [approved.host.id], { status: "PENDING_APPROVAL" }),
    );

    await bookingApprover(commandContext(t), { userId: approved.host.id }, approved.event.id, {
      approve: true,
    });
    await bookingApprover(commandContext(t), { userId: declined.host.id }, declined.event.id, {
      approve: false,
      reason: "Away",
    });
    const swept = { publicUrl: t.deps.config.publicUrl, now: new Date(expiredStart) };
    expect(await expiredRequestSweeper(db, swept)).toBe(1);
    await drainChanges(t);
    expect(await factsOf(approved.event.id)).toEqual(confirmed(approvedStart, [approved.host.id]));
    expect(await factsOf(declined.event.id)).toEqual(
      confirmed(declinedStart, [declined.host.id], {
        status: "CANCELLED",
        endKind: "declined",
        endActor: declined.host.id,
      }),
    );
    expect(await factsOf(expired.event.id)).toEqual(
      confirmed(expiredStart, [expired.host.id], {
        status: "CANCELLED",
        endKind: "expired",
        endActor: "system",
      }),
    );
    await expectAsRebuilt();
  });

  it("paid and refunded: an unpaid hold is not counted; paid, it earns its amount; refunded, none", async () => {
    const start = berlinSlot(8, "09:00");
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { price: { amount: 2500, currency: "EUR" } });
    const { event, payment } = await bookDirectly(
      t,
      userLink(host, type),
      { start },
      { ...commandContext(t), payments: paymentsSetup(t.deps.config) },
    );
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual([]);

    stripe.confirm(payment!.paymentId, SUCCEEDS);
    const settle = { ...commandContext(t), now: BOOKING_NOW };
    expect(await paymentSettler(settle, { id: payment!.paymentId }, "succeeded")).toBe("confirmed");
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual(
      confirmed(start, [host.id], { revenue: { EUR: 2500 } }),
    );

    await paymentRefunder(db, host.id, event.id, BOOKING_NOW);
    await drainChanges(t);
    expect(await factsOf(event.id)).toEqual(confirmed(start, [host.id], { revenue: { EUR: 0 } }));
    await expectAsRebuilt();
  });
});

/** The heatmap cell (ISO weekday, hour in the host's zone) of each row of a meeting. */
async function cellsOf(eventId: string) {
  const result = await db.execute(sql`select user_id as "userId", local_weekday as weekday,
    local_hour as hour from booking_facts where event_id = ${eventId} order by user_id nulls first`);
  return result.rows;
}

describe("the heatmap cells of the booking facts", () => {
  it("are the start's weekday and hour in each host's zone; the meeting's own row has none", async () => {
    const berlin = await signUpHost(t, { timeZone: "Europe/Berlin" });
    const kolkata = await signUpHost(t, { timeZone: "Asia/Kolkata" });
    const type = await teamEventType(t, "COLLECTIVE", [berlin, kolkata]);
    // 10:00 on Thursday 7 January 2027 in Berlin, 14:30 in Kolkata.
    const start = berlinSlot(3, "10:00");
    const { event } = await bookDirectly(t, { sharedLink: type.sharedLink }, { start });
    await drainChanges(t);
    expect(await cellsOf(event.id)).toEqual([
      { userId: null, weekday: null, hour: null },
      ...[
        { userId: berlin.id, weekday: 4, hour: 10 },
        { userId: kolkata.id, weekday: 4, hour: 14 },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    ]);
    await expectAsRebuilt();
  });

  it("follow a host who changes time zone: their meetings' cells are in the new zone, as a rebuild writes them", async () => {
    // Decided (issue 35): the heatmap is in the host's zone as it is now, not the zone they
    // had when the meeting was booked, so a zone change works their rows out again.
    const start = berlinSlot(1, "09:00"); // 09:00 on Tuesday in Berlin
    const { host, event } = await booked(start);
    const other = await booked(berlinSlot(2, "10:00"));
    await drainChanges(t);
    expect(await cellsOf(event.id)).toEqual([
      { userId: null, weekday: null, hour: null },
      { userId: host.id, weekday: 2, hour: 9 },
    ]);
    await meUpdater(db, host.id, { timeZone: "Pacific/Honolulu" }, BOOKING_NOW);
    // 22:00 on Monday in Honolulu (UTC-10); another host's rows are left as they were.
    expect(await cellsOf(event.id)).toEqual([
      { userId: null, weekday: null, hour: null },
      { userId: host.id, weekday: 1, hour: 22 },
    ]);
    expect(await cellsOf(other.event.id)).toEqual([
      { userId: null, weekday: null, hour: null },
      { userId: other.host.id, weekday: 3, hour: 10 },
    ]);
    await expectAsRebuilt();
    // An update that leaves the zone as it was changes nothing.
    await meUpdater(db, host.id, { timeZone: "Pacific/Honolulu", name: "Renamed" }, BOOKING_NOW);
    expect(await cellsOf(event.id)).toEqual([
      { userId: null, weekday: null, hour: null },
      { userId: host.id, weekday: 1, hour: 22 },
    ]);
  });
});

describe("meetingsOfChange", () => {
  const change = (fields: Partial<BookingChangeRow>) =>
    ({ eventId: "e1", before: null, data: {}, ...fields }) as BookingChangeRow;

  it("names the meeting, a series' occurrences, a series cancel's meetings and the one a move left", () => {
    expect(meetingsOfChange(change({ kind: "no_show" }))).toEqual(["e1"]);
    expect(
      meetingsOfChange(
        change({
          kind: "created",
          data: { occurrences: [{ eventId: "e1" }, { eventId: "e2" }] },
        }),
      ),
    ).toEqual(["e1", "e2"]);
    expect(
      meetingsOfChange(change({ kind: "cancelled", data: { eventIds: ["e1", "e3", "e4"] } })),
    ).toEqual(["e1", "e3", "e4"]);
    expect(
      meetingsOfChange(
        change({ kind: "rescheduled", eventId: "e5", before: { event: { id: "e1" } } }),
      ),
    ).toEqual(["e5", "e1"]);
  });
});
