import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  attendees,
  bookingChanges,
  eventHosts,
  events,
  pages,
  pageViews,
  payments,
  routingFormResponses,
  routingForms,
} from "../../db/schema";
import { rebuildBookingFacts } from "../../insights/bookingFacts";
import { createEventType, createTeam, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
// The server's "now": completed and upcoming meetings are told apart by it.
const NOW = new Date("2026-04-01T12:00:00Z");
t.setNow(NOW);

// ---------- A fixture of meetings, written as raw rows ----------

type EndKind = "cancelled" | "declined" | "expired";
interface Meeting {
  id: string;
  typeId: string;
  status: "CONFIRMED" | "CANCELLED" | "PENDING_APPROVAL" | "PENDING_PAYMENT";
  start: Date;
  end: Date;
  createdAt: Date;
  hosts: string[];
  /** Moved at least once: points at a frozen copy of its former time. */
  moved: boolean;
  ended: { kind: EndKind; actor: string } | null;
  noShows: number;
  attendeeCount: number;
  paid: {
    currency: string;
    amount: number;
    refunded: number;
    status: "PAID" | "REFUNDED" | "FAILED";
  }[];
}

// A small deterministic generator (mulberry32): the same fixture every run.
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let admin: Host;
let member: Host; // New York
let member2: Host; // Kolkata, UTC+5:30
let outsider: Host; // Sydney, with a team and event type of their own
let team: { id: string };
let roundRobin: { id: string };
let collective: { id: string };
let personal: { id: string };
let outsiderType: { id: string };
const meetings: Meeting[] = [];
const zoneOf = new Map<string, string>();
const nameOf = new Map<string, string>();

async function writeMeeting(m: Meeting) {
  const { db } = t.database;
  let formerId: string | null = null;
  if (m.moved) {
    // What a move leaves behind: its former time, frozen as a cancelled row with no hosts and
    // no change of its own. It must never be counted.
    formerId = randomUUID();
    await db.insert(events).values({
      id: formerId,
      eventTypeId: m.typeId,
      status: "CANCELLED",
      startAt: new Date(m.start.getTime() - 26 * HOUR),
      endAt: new Date(m.end.getTime() - 26 * HOUR),
      title: "Former",
      cancelledAt: m.createdAt,
      createdAt: m.createdAt,
    });
  }
  await db.insert(events).values({
    id: m.id,
    eventTypeId: m.typeId,
    status: m.status,
    startAt: m.start,
    endAt: m.end,
    title: "Meeting",
    formerEventId: formerId,
    cancelledAt: m.status === "CANCELLED" ? m.createdAt : null,
    createdAt: m.createdAt,
  });
  await db.insert(eventHosts).values(m.hosts.map((userId) => ({ eventId: m.id, userId })));
  const people = Array.from({ length: m.attendeeCount }, (_, i) => ({
    id: randomUUID(),
    eventId: m.id,
    name: `Invitee ${i}`,
    email: `invitee${i}@example.com`,
    timeZone: "Europe/Paris",
    cancelToken: randomUUID(),
    noShowAt: i < m.noShows ? m.end : null,
  }));
  await db.insert(attendees).values(people);
  const changes: (typeof bookingChanges.$inferInsert)[] = [
    { kind: "created", eventId: m.id, actor: "invitee", createdAt: m.createdAt, processedAt: NOW },
  ];
  if (m.status === "CONFIRMED" && m.attendeeCount > 1) {
    // One seat cancelled while the meeting goes on: not a cancelled meeting.
    changes.push({
      kind: "cancelled",
      eventId: m.id,
      attendeeId: people[1]!.id,
      actor: "invitee",
      createdAt: m.createdAt,
      processedAt: NOW,
    });
  }
  if (m.ended) {
    changes.push({
      kind: m.ended.kind,
      eventId: m.id,
      actor: m.ended.actor,
      createdAt: m.createdAt,
      processedAt: NOW,
    });
  }
  await db.insert(bookingChanges).values(changes);
  for (const p of m.paid) {
    await db.insert(payments).values({
      gatewayId: `pi_${randomUUID()}`,
      eventId: m.id,
      attendeeId: people[0]!.id,
      eventTypeId: m.typeId,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      refundedAmount: p.refunded,
      expiresAt: m.createdAt,
      paidAt: p.status === "FAILED" ? null : m.createdAt,
      payerName: "Payer",
      payerEmail: "payer@example.com",
      payerLanguage: "en",
    });
  }
}

beforeAll(async () => {
  admin = await signUpHost(t, { timeZone: "Europe/Berlin", name: "Ada Admin" });
  member = await signUpHost(t, { timeZone: "America/New_York", name: "Ben Member" });
  member2 = await signUpHost(t, { timeZone: "Asia/Kolkata", name: "Chandra Member" });
  outsider = await signUpHost(t, { timeZone: "Australia/Sydney", name: "Dora Outsider" });
  for (const [host, zone] of [
    [admin, "Europe/Berlin"],
    [member, "America/New_York"],
    [member2, "Asia/Kolkata"],
    [outsider, "Australia/Sydney"],
  ] as const) {
    zoneOf.set(host.id, zone);
  }
  nameOf.set(admin.id, "Ada Admin");
  nameOf.set(member.id, "Ben Member");
  nameOf.set(member2.id, "Chandra Member");
  nameOf.set(outsider.id, "Dora Outsider");
  team = await createTeam(t, admin, [member, member2]);
  await createTeam(t, outsider);
  roundRobin = await createEventType(t, admin, {
    kind: "ROUND_ROBIN",
    title: "Sales call",
    teamId: team.id,
    hosts: [
      { userId: admin.id, priority: 0 },
      { userId: member.id, priority: 0 },
      { userId: member2.id, priority: 0 },
    ],
  });
  collective = await createEventType(t, admin, {
    kind: "COLLECTIVE",
    title: "Panel",
    teamId: team.id,
    hosts: [{ userId: member.id }, { userId: member2.id }],
  });
  personal = await createEventType(t, admin, { title: "Ada's office hours" });
  outsiderType = await createEventType(t, outsider, { title: "Dora's call" });

  const next = random(35);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  // Starts from 1 February to 10 May 2026: Europe, the US and Australia change their clocks
  // in between (8 March, 29 March, 5 April), and the period's edges cut through them.
  const first = Date.parse("2026-02-01T00:00:00Z");
  const span = Date.parse("2026-05-10T00:00:00Z") - first;
  const types = [
    { id: roundRobin.id, hosts: () => [pick([admin.id, member.id, member2.id])] },
    { id: collective.id, hosts: () => [member.id, member2.id] },
    { id: personal.id, hosts: () => [admin.id] },
    { id: outsiderType.id, hosts: () => [outsider.id] },
  ];
  for (let i = 0; i < 160; i++) {
    const type = pick(types);
    // Starts on the quarter hour, some right at local midnights of the zones in play.
    const start = new Date(first + Math.floor((next() * span) / (15 * MINUTE)) * 15 * MINUTE);
    const roll = next();
    const status: Meeting["status"] =
      roll < 0.55
        ? "CONFIRMED"
        : roll < 0.8
          ? "CANCELLED"
          : roll < 0.9
            ? "PENDING_APPROVAL"
            : "PENDING_PAYMENT";
    const ended: Meeting["ended"] =
      status !== "CANCELLED"
        ? null
        : pick([
            { kind: "cancelled", actor: "invitee" },
            { kind: "cancelled", actor: type.id === personal.id ? admin.id : member.id },
            { kind: "cancelled", actor: "system" },
            { kind: "declined", actor: admin.id },
            { kind: "expired", actor: "system" },
          ] as const);
    const attendeeCount = 1 + Math.floor(next() * 2);
    meetings.push({
      id: randomUUID(),
      typeId: type.id,
      status,
      start,
      end: new Date(start.getTime() + 30 * MINUTE),
      createdAt: new Date(start.getTime() - Math.floor(next() * 40 * 24) * HOUR - 5 * MINUTE),
      hosts: type.hosts(),
      moved: next() < 0.15,
      ended,
      noShows: status === "CONFIRMED" && next() < 0.2 ? attendeeCount : 0,
      attendeeCount,
      paid:
        next() < 0.3
          ? [
              {
                currency: pick(["EUR", "USD"]),
                amount: 5000,
                refunded: status === "CANCELLED" ? 5000 : pick([0, 0, 1500]),
                status: status === "CANCELLED" ? "REFUNDED" : pick(["PAID", "PAID", "FAILED"]),
              },
            ]
          : [],
    });
  }
  // Edge cases on the viewer's midnights in New York around its clock change (8 March): the
  // last instant of the period's last day and the first of the day after.
  const edge = (iso: string, typeId = collective.id): Meeting => ({
    id: randomUUID(),
    typeId,
    status: "CONFIRMED",
    start: new Date(iso),
    end: new Date(Date.parse(iso) + 30 * MINUTE),
    createdAt: new Date(Date.parse(iso) - 3 * HOUR),
    hosts: [member.id, member2.id],
    moved: false,
    ended: null,
    noShows: 0,
    attendeeCount: 1,
    paid: [],
  });
  meetings.push(
    edge("2026-03-08T04:59:00Z"), // 23:59 on 7 March in New York (EST)
    edge("2026-03-08T05:00:00Z"), // 00:00 on 8 March
    edge("2026-03-09T03:59:00Z"), // 23:59 on 8 March (EDT: the day had 23 hours)
    edge("2026-03-09T04:00:00Z"), // 00:00 on 9 March
    edge("2026-03-31T03:59:00Z"), // 23:59 on 30 March
    edge("2026-03-31T04:00:00Z"), // 00:00 on 31 March: the day after the period below
  );
  // Two confirmed meetings in one UTC hour, the first over by 10:50 and the second not: at that
  // "now" the hour's completed meetings are told apart one by one (the rollup cannot).
  meetings.push(edge("2026-03-12T10:00:00Z"), edge("2026-03-12T10:45:00Z"));
  for (const m of meetings) await writeMeeting(m);
  // Written as raw rows, not by commands recording changes: their facts are built as the
  // migration's backfill builds them.
  await rebuildBookingFacts(t.database.db);
});

// ---------- The same figures, computed in JavaScript over the fixture ----------

function local(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
      weekday: "short",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday!) + 1;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), weekday };
}

const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10);

interface Scope {
  teamId?: string;
  hostId?: string;
  eventTypeId?: string;
  /** Who asks: their own meetings with no team. */
  viewer: Host;
}

function inScope(m: Meeting, scope: Scope): boolean {
  if (m.status === "PENDING_PAYMENT") return false;
  const teamTypes = [roundRobin.id, collective.id];
  if (scope.teamId !== undefined && !teamTypes.includes(m.typeId)) return false;
  const host = scope.teamId === undefined ? scope.viewer.id : scope.hostId;
  if (host !== undefined && !m.hosts.includes(host)) return false;
  if (scope.eventTypeId !== undefined && m.typeId !== scope.eventTypeId) return false;
  return true;
}

function inPeriod(m: Meeting, from: string, to: string, timeZone: string): boolean {
  const day = local(m.start, timeZone).date;
  return day >= from && day <= to;
}

function kpis(list: Meeting[]) {
  const cancelled = list.filter((m) => m.ended?.kind === "cancelled");
  const revenue = new Map<string, number>();
  for (const m of list) {
    for (const p of m.paid) {
      if (p.status === "FAILED") continue;
      revenue.set(p.currency, (revenue.get(p.currency) ?? 0) + p.amount - p.refunded);
    }
  }
  return {
    bookings: list.length,
    completed: list.filter((m) => m.status === "CONFIRMED" && m.end <= NOW).length,
    upcoming: list.filter((m) => m.status === "CONFIRMED" && m.end > NOW).length,
    pending: list.filter((m) => m.status === "PENDING_APPROVAL").length,
    cancelled: cancelled.length,
    cancelledBy: {
      host: cancelled.filter((m) => !["invitee", "system"].includes(m.ended!.actor)).length,
      invitee: cancelled.filter((m) => m.ended!.actor === "invitee").length,
      system: cancelled.filter((m) => m.ended!.actor === "system").length,
    },
    rescheduled: list.filter((m) => m.moved).length,
    noShows: list.reduce((sum, m) => sum + m.noShows, 0),
    declined: list.filter((m) => m.ended?.kind === "declined").length,
    expired: list.filter((m) => m.ended?.kind === "expired").length,
    revenue: [...revenue]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amount]) => ({ currency, amount })),
  };
}

function query(scope: Scope, from: string, to: string, timeZone: string, extra = "") {
  const params = new URLSearchParams({ from, to, timeZone });
  if (scope.teamId) params.set("teamId", scope.teamId);
  if (scope.hostId) params.set("hostId", scope.hostId);
  if (scope.eventTypeId) params.set("eventTypeId", scope.eventTypeId);
  return `?${params}${extra}`;
}

async function get(path: string, host: Host) {
  return t.request({ method: "GET", url: `/api/insights/${path}`, headers: host.headers });
}

async function ok(path: string, host: Host) {
  const response = await get(path, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const FROM = "2026-03-01";
const TO = "2026-03-30";

const scopes: [string, Scope][] = [
  ["a team admin, the whole team", { viewer: undefined as never, teamId: "team" }],
  ["a team admin, one member", { viewer: undefined as never, teamId: "team", hostId: "member2" }],
  ["a plain member of the team (their own)", { viewer: undefined as never, teamId: "team" }],
  ["a host alone, their own", { viewer: undefined as never }],
  [
    "a team admin, one event type",
    { viewer: undefined as never, teamId: "team", eventTypeId: "rr" },
  ],
];

// The scopes name the fixture's people by role; they exist only once beforeAll has run.
function resolve(label: string, scope: Scope): Scope {
  const viewer = label.startsWith("a plain member") ? member : admin;
  return {
    viewer,
    teamId: scope.teamId ? team.id : undefined,
    hostId:
      scope.hostId === "member2"
        ? member2.id
        : label.startsWith("a plain member")
          ? member.id
          : undefined,
    eventTypeId: scope.eventTypeId ? roundRobin.id : undefined,
  };
}

describe("GET /api/insights/bookings/...", () => {
  for (const [label, raw] of scopes) {
    for (const timeZone of ["America/New_York", "Asia/Kolkata", "Europe/Berlin"]) {
      it(`counts what the raw rows say for ${label}, days in ${timeZone}`, async () => {
        const scope = resolve(label, raw);
        // A plain member's scope is forced to their own meetings: they do not name themselves.
        const asked = label.startsWith("a plain member") ? { ...scope, hostId: undefined } : scope;
        const mine = meetings.filter((m) => inScope(m, scope));
        const current = mine.filter((m) => inPeriod(m, FROM, TO, timeZone));
        const before = mine.filter((m) => inPeriod(m, "2026-01-30", "2026-02-28", timeZone));
        expect(current.length).toBeGreaterThan(3);

        const summary = await ok(
          `bookings/summary${query(asked, FROM, TO, timeZone)}`,
          scope.viewer,
        );
        expect(summary.period).toEqual({ from: FROM, to: TO, timeZone });
        expect(summary.previous).toEqual({ from: "2026-01-30", to: "2026-02-28", timeZone });
        expect(summary.current).toEqual(kpis(current));
        expect(summary.before).toEqual(kpis(before));

        for (const bucket of ["day", "week", "month"] as const) {
          const body = await ok(
            `bookings/over-time${query(asked, FROM, TO, timeZone, `&bucket=${bucket}`)}`,
            scope.viewer,
          );
          const startOf = (m: Meeting) => {
            const day = local(m.start, timeZone).date;
            if (bucket === "day") return day;
            if (bucket === "month") return `${day.slice(0, 8)}01`;
            const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
            return shiftDate(day, -weekday);
          };
          const counted = new Map<
            string,
            { bookings: number; cancelled: number; completed: number }
          >();
          for (const m of current) {
            const entry = counted.get(startOf(m)) ?? { bookings: 0, cancelled: 0, completed: 0 };
            entry.bookings++;
            if (m.ended?.kind === "cancelled") entry.cancelled++;
            if (m.status === "CONFIRMED" && m.end <= NOW) entry.completed++;
            counted.set(startOf(m), entry);
          }
          const expectedStarts =
            bucket === "day"
              ? Array.from({ length: 30 }, (_, i) => shiftDate(FROM, i))
              : bucket === "week"
                ? [
                    "2026-02-23",
                    "2026-03-02",
                    "2026-03-09",
                    "2026-03-16",
                    "2026-03-23",
                    "2026-03-30",
                  ]
                : ["2026-03-01"];
          expect(body.buckets).toEqual(
            expectedStarts.map((start) => ({
              start,
              ...(counted.get(start) ?? { bookings: 0, cancelled: 0, completed: 0 }),
            })),
          );
        }

        const byType = await ok(
          `bookings/event-types${query(asked, FROM, TO, timeZone)}`,
          scope.viewer,
        );
        const typeCounts = new Map<
          string,
          { bookings: number; cancelled: number; noShows: number }
        >();
        for (const m of current) {
          const entry = typeCounts.get(m.typeId) ?? { bookings: 0, cancelled: 0, noShows: 0 };
          entry.bookings++;
          if (m.ended?.kind === "cancelled") entry.cancelled++;
          entry.noShows += m.noShows;
          typeCounts.set(m.typeId, entry);
        }
        expect(
          Object.fromEntries(
            byType.eventTypes.map(
              (row: {
                eventTypeId: string;
                bookings: number;
                cancelled: number;
                noShows: number;
              }) => [
                row.eventTypeId,
                { bookings: row.bookings, cancelled: row.cancelled, noShows: row.noShows },
              ],
            ),
          ),
        ).toEqual(Object.fromEntries(typeCounts));
        const order = byType.eventTypes.map((row: { bookings: number }) => row.bookings);
        expect(order).toEqual([...order].sort((a: number, b: number) => b - a));

        const byHost = await ok(`bookings/hosts${query(asked, FROM, TO, timeZone)}`, scope.viewer);
        const hostCounts = new Map<
          string,
          { name: string; bookings: number; cancelled: number; noShows: number; roundRobin: number }
        >();
        const onlyHost = scope.teamId === undefined ? scope.viewer.id : scope.hostId;
        for (const m of current) {
          for (const host of m.hosts) {
            if (onlyHost !== undefined && host !== onlyHost) continue;
            const entry = hostCounts.get(host) ?? {
              name: nameOf.get(host)!,
              bookings: 0,
              cancelled: 0,
              noShows: 0,
              roundRobin: 0,
            };
            entry.bookings++;
            if (m.ended?.kind === "cancelled") entry.cancelled++;
            entry.noShows += m.noShows;
            if (m.typeId === roundRobin.id) entry.roundRobin++;
            hostCounts.set(host, entry);
          }
        }
        expect(
          Object.fromEntries(
            byHost.hosts.map(({ userId, ...row }: { userId: string }) => [userId, row]),
          ),
        ).toEqual(Object.fromEntries(hostCounts));

        const lead = await ok(
          `bookings/lead-time${query(asked, FROM, TO, timeZone)}`,
          scope.viewer,
        );
        const hoursAhead = current.map((m) => (m.start.getTime() - m.createdAt.getTime()) / HOUR);
        const bucketOf = (h: number) =>
          h < 24
            ? "under1d"
            : h < 72
              ? "1to3d"
              : h < 168
                ? "3to7d"
                : h < 336
                  ? "1to2w"
                  : h < 672
                    ? "2to4w"
                    : "over4w";
        const leadCounts = new Map<string, number>();
        for (const h of hoursAhead)
          leadCounts.set(bucketOf(h), (leadCounts.get(bucketOf(h)) ?? 0) + 1);
        expect(lead.buckets).toEqual(
          ["under1d", "1to3d", "3to7d", "1to2w", "2to4w", "over4w"].map((key) => ({
            key,
            bookings: leadCounts.get(key) ?? 0,
          })),
        );
        const sorted = [...hoursAhead].sort((a, b) => a - b);
        const middle = (sorted.length - 1) / 2;
        const median =
          sorted[Math.floor(middle)]! +
          (sorted[Math.ceil(middle)]! - sorted[Math.floor(middle)]!) * (middle % 1);
        expect(lead.medianHours).toBeCloseTo(median, 1);

        const heat = await ok(`bookings/heatmap${query(asked, FROM, TO, timeZone)}`, scope.viewer);
        const cells = new Map<string, number>();
        for (const m of current) {
          for (const host of m.hosts) {
            if (onlyHost !== undefined && host !== onlyHost) continue;
            const at = local(m.start, zoneOf.get(host)!);
            const key = `${at.weekday}:${at.hour}`;
            cells.set(key, (cells.get(key) ?? 0) + 1);
          }
        }
        expect(
          Object.fromEntries(
            heat.cells.map((c: { weekday: number; hour: number; bookings: number }) => [
              `${c.weekday}:${c.hour}`,
              c.bookings,
            ]),
          ),
        ).toEqual(Object.fromEntries(cells));
      });
    }
  }

  it("tells completed from upcoming meetings at any now, in the middle of an hour too", async () => {
    const scope = { viewer: admin, teamId: team.id };
    const mine = meetings.filter((m) => inScope(m, scope));
    try {
      for (const now of ["2026-03-12T10:50:00Z", "2026-03-12T10:20:00Z", "2026-03-12T11:20:00Z"]) {
        const at = new Date(now);
        t.setNow(at);
        for (const timeZone of ["Asia/Kolkata", "America/New_York"]) {
          const current = mine.filter((m) => inPeriod(m, FROM, TO, timeZone));
          const confirmed = current.filter((m) => m.status === "CONFIRMED");
          const summary = await ok(`bookings/summary${query(scope, FROM, TO, timeZone)}`, admin);
          expect([summary.current.completed, summary.current.upcoming], now).toEqual([
            confirmed.filter((m) => m.end <= at).length,
            confirmed.filter((m) => m.end > at).length,
          ]);
          const days = await ok(`bookings/over-time${query(scope, FROM, TO, timeZone)}`, admin);
          const completedOn = new Map<string, number>();
          for (const m of confirmed.filter((m) => m.end <= at)) {
            const day = local(m.start, timeZone).date;
            completedOn.set(day, (completedOn.get(day) ?? 0) + 1);
          }
          expect(
            Object.fromEntries(
              days.buckets
                .filter((b: { completed: number }) => b.completed > 0)
                .map((b: { start: string; completed: number }) => [b.start, b.completed]),
            ),
            now,
          ).toEqual(Object.fromEntries(completedOn));
        }
      }
    } finally {
      t.setNow(NOW);
    }
  });

  it("cuts the viewer's days at their midnights across a clock change", async () => {
    // 8 March 2026 had 23 hours in New York; each edge meeting falls on its side of midnight.
    const body = await ok(
      `bookings/over-time${query({ viewer: admin, teamId: team.id, eventTypeId: collective.id }, "2026-03-07", "2026-03-09", "America/New_York")}`,
      admin,
    );
    const expected = ["2026-03-07", "2026-03-08", "2026-03-09"].map(
      (date) =>
        meetings.filter(
          (m) =>
            m.typeId === collective.id &&
            m.status !== "PENDING_PAYMENT" &&
            local(m.start, "America/New_York").date === date,
        ).length,
    );
    expect(body.buckets.map((b: { bookings: number }) => b.bookings)).toEqual(expected);
    // The two edge meetings on either side of each midnight are one day apart.
    expect(expected.every((n) => n >= 1)).toBe(true);
  });

  it("defaults to the caller's zone and the day bucket", async () => {
    const body = await ok(`bookings/over-time?from=${FROM}&to=${TO}`, member2);
    expect(body.period.timeZone).toBe("Asia/Kolkata");
    expect(body.bucket).toBe("day");
    expect(body.buckets).toHaveLength(30);
  });

  it("lets nobody see another owner's bookings", async () => {
    const team404 = await get(`bookings/summary?from=${FROM}&to=${TO}&teamId=${team.id}`, outsider);
    expect(team404.statusCode, team404.body).toBe(404);
    const memberAsksOther = await get(
      `bookings/summary?from=${FROM}&to=${TO}&teamId=${team.id}&hostId=${admin.id}`,
      member,
    );
    expect(memberAsksOther.statusCode, memberAsksOther.body).toBe(403);
    expect(memberAsksOther.json().message).toBe(
      "You can see only the insights of your own bookings.",
    );
    const aloneAsksOther = await get(
      `bookings/hosts?from=${FROM}&to=${TO}&hostId=${member.id}`,
      admin,
    );
    expect(aloneAsksOther.statusCode, aloneAsksOther.body).toBe(403);
    const hostNotInTeam = await get(
      `bookings/summary?from=${FROM}&to=${TO}&teamId=${team.id}&hostId=${outsider.id}`,
      admin,
    );
    expect(hostNotInTeam.statusCode, hostNotInTeam.body).toBe(404);
    const otherType = await get(
      `bookings/summary?from=${FROM}&to=${TO}&eventTypeId=${outsiderType.id}`,
      admin,
    );
    expect(otherType.statusCode, otherType.body).toBe(404);
    const typeOfOtherTeam = await get(
      `bookings/summary?from=${FROM}&to=${TO}&teamId=${team.id}&eventTypeId=${personal.id}`,
      admin,
    );
    expect(typeOfOtherTeam.statusCode, typeOfOtherTeam.body).toBe(404);
    const anonymous = await t.request({
      method: "GET",
      url: `/api/insights/bookings/summary?from=${FROM}&to=${TO}`,
    });
    expect(anonymous.statusCode).toBe(401);
    // Routing forms and the page are the team admins'.
    for (const path of ["routing", "page-funnel"]) {
      const asMember = await get(`${path}?from=${FROM}&to=${TO}&teamId=${team.id}`, member);
      expect(asMember.statusCode, asMember.body).toBe(403);
      const asOutsider = await get(`${path}?from=${FROM}&to=${TO}&teamId=${team.id}`, outsider);
      expect(asOutsider.statusCode, asOutsider.body).toBe(404);
    }
  });

  it("refuses a period that ends before it starts, longer than three years, or in no zone", async () => {
    const cases: [string, string][] = [
      [`from=2026-03-02&to=2026-03-01`, "to"],
      [`from=2023-01-01&to=2026-01-02`, "to"],
      [`from=${FROM}&to=${TO}&timeZone=Mars/Olympus`, "timeZone"],
      [`from=2026-02-30&to=${TO}`, "from"],
      [`from=${FROM}&to=${TO}&teamId=nope`, "teamId"],
    ];
    for (const [params, field] of cases) {
      const response = await get(`bookings/summary?${params}`, admin);
      expect(response.statusCode, params).toBe(422);
      expect(Object.keys(response.json().errors), params).toContain(field);
    }
    const bucket = await get(`bookings/over-time?from=${FROM}&to=${TO}&bucket=year`, admin);
    expect(bucket.statusCode).toBe(422);
    const longest = await get(`bookings/summary?from=2023-01-01&to=2026-01-01`, admin);
    expect(longest.statusCode, longest.body).toBe(200);
  });
});

describe("GET /api/insights/routing", () => {
  it("counts submissions per route taken and how many booked", async () => {
    const { db } = t.database;
    const [form] = await db
      .insert(routingForms)
      .values({
        teamId: team.id,
        slug: `route-${randomUUID()}`,
        title: "Which team?",
        routes: [
          {
            id: "sales",
            isFallback: false,
            join: "all",
            conditions: [],
            action: { type: "EVENT_TYPE", eventTypeId: roundRobin.id },
          },
          {
            id: "other",
            isFallback: true,
            join: "all",
            conditions: [],
            action: { type: "MESSAGE", message: "Thanks" },
          },
        ],
      })
      .returning();
    const booked = meetings.find((m) => m.typeId === roundRobin.id)!;
    const respond = (routeId: string, at: string, eventId: string | null = null) => ({
      formId: form!.id,
      answers: {},
      routeId,
      actionType: routeId === "other" ? ("MESSAGE" as const) : ("EVENT_TYPE" as const),
      eventTypeId: routeId === "sales" ? roundRobin.id : null,
      eventId,
      createdAt: new Date(at),
    });
    await db.insert(routingFormResponses).values([
      respond("sales", "2026-03-02T10:00:00Z", booked.id),
      respond("sales", "2026-03-03T10:00:00Z"),
      respond("sales", "2026-03-04T10:00:00Z", booked.id),
      respond("other", "2026-03-05T10:00:00Z"),
      respond("gone", "2026-03-06T10:00:00Z"),
      // 00:30 on 1 March in Berlin, 23:30 on 28 February in UTC: in the period in Berlin only.
      respond("other", "2026-02-28T23:30:00Z"),
      respond("sales", "2026-04-02T10:00:00Z", booked.id), // after the period
    ]);
    const berlin = await ok(
      `routing?from=${FROM}&to=${TO}&teamId=${team.id}&timeZone=Europe/Berlin`,
      admin,
    );
    const base = { formId: form!.id, formTitle: "Which team?" };
    expect(berlin.routes).toEqual([
      {
        ...base,
        routeId: "sales",
        position: 1,
        isFallback: false,
        actionType: "EVENT_TYPE",
        eventTypeTitle: "Sales call",
        submissions: 3,
        booked: 2,
      },
      {
        ...base,
        routeId: "other",
        position: 2,
        isFallback: true,
        actionType: "MESSAGE",
        eventTypeTitle: null,
        submissions: 2,
        booked: 0,
      },
      {
        ...base,
        routeId: "gone",
        position: null,
        isFallback: false,
        actionType: "EVENT_TYPE",
        eventTypeTitle: null,
        submissions: 1,
        booked: 0,
      },
    ]);
    const utc = await ok(`routing?from=${FROM}&to=${TO}&teamId=${team.id}&timeZone=UTC`, admin);
    expect(utc.routes.find((r: { routeId: string }) => r.routeId === "other").submissions).toBe(1);
    const own = await ok(`routing?from=${FROM}&to=${TO}`, admin);
    expect(own.routes).toEqual([]);
  });
});

describe("GET /api/insights/page-funnel", () => {
  it("joins the page's visits and clicks per block with the bookings of its event blocks", async () => {
    const { db } = t.database;
    const at = (y: number) => ({ x: 0, y, w: 4, h: 1 });
    await db.insert(pages).values({
      userId: admin.id,
      blocks: [
        { id: "head", kind: "headline", text: "Hello", layout: at(0), visible: true },
        { id: "hours", kind: "event", eventTypeId: personal.id, layout: at(1), visible: true },
      ],
    });
    const ping = (at: string, componentId: string | null) => ({
      publicId: admin.username,
      action: componentId ? "component_clicked" : "profile_page_viewed",
      componentId,
      createdAt: new Date(at),
    });
    await db.insert(pageViews).values([
      ping("2026-03-02T10:00:00Z", null),
      ping("2026-03-02T10:01:00Z", null),
      ping("2026-03-02T10:02:00Z", null),
      ping("2026-03-02T10:03:00Z", "hours"),
      ping("2026-03-02T10:04:00Z", "hours"),
      ping("2026-03-02T10:05:00Z", "removed"),
      ping("2026-02-27T10:00:00Z", null), // before the period
    ]);
    const body = await ok(`page-funnel?from=${FROM}&to=${TO}&timeZone=Europe/Berlin`, admin);
    const madeInPeriod = meetings.filter(
      (m) => m.typeId === personal.id && m.status !== "PENDING_PAYMENT" && inPeriodCreated(m),
    ).length;
    expect(body.totals).toEqual({ visits: 3, clicks: 3, bookings: madeInPeriod });
    expect(body.blocks).toEqual([
      {
        componentId: "head",
        kind: "headline",
        position: 1,
        title: "Hello",
        clicks: 0,
        bookings: null,
      },
      {
        componentId: "hours",
        kind: "event",
        position: 2,
        title: "Ada's office hours",
        clicks: 2,
        bookings: madeInPeriod,
      },
      {
        componentId: "removed",
        kind: null,
        position: null,
        title: null,
        clicks: 1,
        bookings: null,
      },
    ]);
  });
});

function inPeriodCreated(m: Meeting) {
  const day = local(m.createdAt, "Europe/Berlin").date;
  return day >= FROM && day <= TO;
}
