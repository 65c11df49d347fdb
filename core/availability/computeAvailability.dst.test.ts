import { describe, expect, it } from "vitest";
import { computeAvailability } from "./computeAvailability";
import {
  buildAvailabilityInput,
  buildHost,
  buildSchedule,
  everyDay,
  range,
  readingOf,
  slotClock,
} from "./testing/buildAvailabilityInput";
import type { AvailabilityInput, Schedule } from "./types";

// Slots on days when clocks change, and in zones with unusual offsets. Each expectation lists the
// invitee's [HH:mm, UTC offset in minutes], so a repeated hour shows up as two readings.

function availability(
  schedule: Partial<Schedule>,
  date: string,
  timeZone: string,
  overrides: Partial<AvailabilityInput> = {},
) {
  return computeAvailability(
    buildAvailabilityInput({
      now: Date.parse("2027-01-01T00:00:00Z"),
      hosts: [buildHost({ schedule: buildSchedule(schedule) })],
      window: { startDate: date, endDate: date, timeZone },
      ...overrides,
    }),
  );
}

describe("host and invitee in a zone that changes clocks", () => {
  it.each<[string, string, string, string, string, number, [string, number][]]>([
    [
      "Berlin springs forward: 00:00-04:00 is 3 real hours, 02:xx does not exist",
      "Europe/Berlin",
      "2027-03-28",
      "00:00",
      "04:00",
      60,
      [
        ["00:00", 60],
        ["01:00", 60],
        ["03:00", 120],
      ],
    ],
    [
      "Berlin falls back: 00:00-04:00 is 5 real hours, 02:00 twice",
      "Europe/Berlin",
      "2027-10-31",
      "00:00",
      "04:00",
      60,
      [
        ["00:00", 120],
        ["01:00", 120],
        ["02:00", 120],
        ["02:00", 60],
        ["03:00", 60],
      ],
    ],
    [
      "Berlin springs forward inside a range: no slot in the gap",
      "Europe/Berlin",
      "2027-03-28",
      "01:30",
      "03:30",
      30,
      [
        ["01:30", 60],
        ["03:00", 120],
      ],
    ],
    [
      "Berlin falls back: a range ending in the repeated hour ends at its second reading",
      "Europe/Berlin",
      "2027-10-31",
      "01:00",
      "02:30",
      30,
      [
        ["01:00", 120],
        ["01:30", 120],
        ["02:00", 120],
        ["02:30", 120],
        ["02:00", 60],
      ],
    ],
    [
      "New York springs forward",
      "America/New_York",
      "2027-03-14",
      "00:00",
      "04:00",
      60,
      [
        ["00:00", -300],
        ["01:00", -300],
        ["03:00", -240],
      ],
    ],
    [
      "New York falls back",
      "America/New_York",
      "2027-11-07",
      "00:00",
      "04:00",
      60,
      [
        ["00:00", -240],
        ["01:00", -240],
        ["01:00", -300],
        ["02:00", -300],
        ["03:00", -300],
      ],
    ],
    [
      "Lord Howe goes back 30 minutes: 00:00-04:00 is 4.5 real hours",
      "Australia/Lord_Howe",
      "2027-04-04",
      "00:00",
      "04:00",
      30,
      [
        ["00:00", 660],
        ["00:30", 660],
        ["01:00", 660],
        ["01:30", 660],
        ["01:30", 630],
        ["02:00", 630],
        ["02:30", 630],
        ["03:00", 630],
        ["03:30", 630],
      ],
    ],
    [
      "Lord Howe goes forward 30 minutes: 00:00-04:00 is 3.5 real hours",
      "Australia/Lord_Howe",
      "2027-10-03",
      "00:00",
      "04:00",
      30,
      [
        ["00:00", 630],
        ["00:30", 630],
        ["01:00", 630],
        ["01:30", 630],
        ["02:30", 660],
        ["03:00", 660],
        ["03:30", 660],
      ],
    ],
  ])("%s", (_, zone, date, start, end, duration, expected) => {
    const result = availability(
      { timeZone: zone, weekly: everyDay(range(start, end)) },
      date,
      zone,
      { duration },
    );
    expect(slotClock(result, date)).toEqual(expected);
    for (const slot of result.days.flatMap((d) => d.slots)) {
      expect(readingOf(zone, slot.start)).toBe(`${slot.localDate} ${slot.localTime}`);
    }
  });

  it("America/Santiago's day starts at 01:00 when clocks skip midnight", () => {
    const result = availability(
      { timeZone: "America/Santiago", weekly: everyDay(range("00:00", "03:00")) },
      "2027-09-05",
      "America/Santiago",
    );
    expect(slotClock(result, "2027-09-05")).toEqual([
      ["01:00", -180],
      ["02:00", -180],
    ]);
  });
});

describe("the invitee's clock changes, the host's does not", () => {
  const utcHost = (start: string, end: string): Partial<Schedule> => ({
    timeZone: "UTC",
    weekly: everyDay(range(start, end)),
  });

  it("offers both readings of New York's repeated hour", () => {
    const result = availability(utcHost("04:00", "08:00"), "2027-11-07", "America/New_York");
    // 23:00 is the next UTC day's 04:00.
    expect(slotClock(result, "2027-11-07")).toEqual([
      ["00:00", -240],
      ["01:00", -240],
      ["01:00", -300],
      ["02:00", -300],
      ["23:00", -300],
    ]);
    const starts = result.days[0]!.slots.map((s) => s.start);
    expect(new Set(starts).size).toBe(5);
  });

  it("has no slot at a New York time that does not exist", () => {
    const result = availability(utcHost("05:00", "09:00"), "2027-03-14", "America/New_York", {
      duration: 30,
    });
    expect(slotClock(result, "2027-03-14").map(([time]) => time)).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "03:00",
      "03:30",
      "04:00",
      "04:30",
    ]);
  });

  it("a Berlin host's fall-back day seen from New York", () => {
    const result = availability(
      { weekly: everyDay(range("00:00", "04:00")) },
      "2027-10-30",
      "America/New_York",
      { window: { startDate: "2027-10-30", endDate: "2027-10-31", timeZone: "America/New_York" } },
    );
    expect(slotClock(result, "2027-10-30")).toEqual([
      ["18:00", -240],
      ["19:00", -240],
      ["20:00", -240],
      ["21:00", -240],
      ["22:00", -240],
    ]);
  });
});

describe("unusual offsets", () => {
  it("Asia/Kolkata's +05:30, as invitee", () => {
    const result = availability(
      { weekly: { MON: [range("09:00", "12:00")] } },
      "2027-06-07",
      "Asia/Kolkata",
    );
    expect(slotClock(result, "2027-06-07")).toEqual([
      ["12:30", 330],
      ["13:30", 330],
      ["14:30", 330],
    ]);
  });

  it("Asia/Kolkata's +05:30, as host", () => {
    const result = availability(
      { timeZone: "Asia/Kolkata", weekly: { MON: [range("09:00", "11:00")] } },
      "2027-06-07",
      "Europe/Berlin",
    );
    expect(slotClock(result, "2027-06-07")).toEqual([
      ["05:30", 120],
      ["06:30", 120],
    ]);
  });

  it("Asia/Tehran keeps +03:30 all year since 2022", () => {
    const schedule = { timeZone: "Asia/Tehran", weekly: everyDay(range("09:00", "10:00")) };
    for (const date of [
      "2027-03-21",
      "2027-03-22",
      "2027-03-23",
      "2027-09-21",
      "2027-09-22",
      "2027-12-31",
    ]) {
      expect(slotClock(availability(schedule, date, "Asia/Tehran"), date)).toEqual([
        ["09:00", 210],
      ]);
    }
  });

  it("Pacific/Kiritimati (+14) to Pacific/Pago_Pago (-11): the invitee's previous day", () => {
    const schedule = { timeZone: "Pacific/Kiritimati", weekly: { MON: [range("09:00", "11:00")] } };
    const sunday = availability(schedule, "2027-06-06", "Pacific/Pago_Pago");
    expect(sunday.days.map((d) => d.date)).toEqual(["2027-06-06"]);
    expect(slotClock(sunday, "2027-06-06")).toEqual([
      ["08:00", -660],
      ["09:00", -660],
    ]);
    expect(sunday.days[0]!.slots[0]!.start).toBe(Date.parse("2027-06-06T19:00:00Z"));
    expect(availability(schedule, "2027-06-07", "Pacific/Pago_Pago").days).toEqual([]);
  });

  it("Pacific/Pago_Pago (-11) to Pacific/Kiritimati (+14): the invitee's next day", () => {
    const schedule = { timeZone: "Pacific/Pago_Pago", weekly: { MON: [range("20:00", "22:00")] } };
    const tuesday = availability(schedule, "2027-06-08", "Pacific/Kiritimati");
    expect(slotClock(tuesday, "2027-06-08")).toEqual([
      ["21:00", 840],
      ["22:00", 840],
    ]);
    expect(availability(schedule, "2027-06-07", "Pacific/Kiritimati").days).toEqual([]);
  });
});
