import { getTableColumns, getTableName } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { attendees, bookingChanges, eventHosts, events, hostBusy } from "../db/schema";
import { bookingStatement } from "./insertBookingAtOnce";

const now = new Date("2027-01-04T06:00:00Z");
const statement = new PgDialect().sqlToQuery(
  bookingStatement({
    event: {
      id: "00000000-0000-4000-8000-000000000001",
      eventTypeId: "00000000-0000-4000-8000-000000000002",
      status: "CONFIRMED",
      startAt: now,
      endAt: now,
      title: "Intro call",
      location: null,
      formerEventId: null,
      rescheduleReason: null,
      cancellationReason: null,
      cancelledAt: null,
      sequence: 0,
      seriesId: null,
      recurrenceStartAt: null,
      createdAt: now,
    },
    hostIds: ["00000000-0000-4000-8000-000000000003"],
    during: "[2027-01-04T06:00:00Z,2027-01-04T06:30:00Z)",
    attendee: {
      id: "00000000-0000-4000-8000-000000000004",
      eventId: "00000000-0000-4000-8000-000000000001",
      status: "CONFIRMED",
      name: "Grace",
      firstName: null,
      lastName: null,
      salutation: null,
      email: "grace@example.com",
      phone: null,
      guests: [],
      answers: {},
      language: "en",
      timeZone: "Europe/Berlin",
      cancelToken: "secret",
      cancellationReason: null,
      noShowAt: null,
      smsConsent: false,
      createdAt: now,
    },
    change: { status: "CONFIRMED", hostIds: ["00000000-0000-4000-8000-000000000003"] },
  }),
).sql;

/** The columns the statement's `insert into <table> (...)`s write, by table. */
const inserted = new Map<string, string[]>();
for (const m of statement.matchAll(/insert into (\w+) \(([^)]*)\)/g)) {
  const columns = m[2]!.split(",").map((c) => c.trim());
  inserted.set(m[1]!, [...new Set([...(inserted.get(m[1]!) ?? []), ...columns])]);
}

// Columns a new booking leaves to the schema (null or a default), by table. A column added to
// one of these tables must be written by the statement or listed here on purpose.
const leftToSchema: Record<string, string[]> = {
  events: [
    "former_event_id",
    "reschedule_reason",
    "cancellation_reason",
    "cancelled_at",
    "sequence",
    // A series is written by bookSeries, never by this statement.
    "series_id",
    // Set when an occurrence of a series moves (bookingRescheduler).
    "recurrence_start_at",
  ],
  host_busy: ["id"],
  event_hosts: [],
  // A no-show is marked by a host after the meeting started (noShowMarker).
  attendees: ["cancellation_reason", "no_show_at"],
  // Set by the change worker once the booking's effects are derived; before: none yet.
  booking_changes: ["id", "before", "processed_at"],
};

describe("insertBookingAtOnce's statement", () => {
  const tables: PgTable[] = [events, hostBusy, eventHosts, attendees, bookingChanges];

  it("inserts into each booking table", () => {
    expect([...inserted.keys()].sort()).toEqual(tables.map((t) => getTableName(t)).sort());
  });

  for (const table of tables) {
    const name = getTableName(table);
    it(`writes the columns of ${name} that the schema has, and every one it needs`, () => {
      const columns = Object.values(getTableColumns(table));
      const written = inserted.get(name) ?? [];
      // A renamed or dropped column fails here.
      expect(
        written.filter((c) => !columns.some((column) => column.name === c)),
        "written but not in the schema",
      ).toEqual([]);
      // A new column fails here until the statement writes it or it is left to the schema.
      const left = leftToSchema[name] ?? [];
      expect(columns.map((c) => c.name).sort()).toEqual([...written, ...left].sort());
      for (const column of columns.filter((c) => left.includes(c.name))) {
        expect(
          !column.notNull || column.hasDefault,
          `${name}.${column.name} is NOT NULL without a default`,
        ).toBe(true);
      }
    });
  }
});
