import { describe, expect, it } from "vitest";
import { buildOffsetTimeline } from "../time/offsetTimeline";
import { computeAvailability } from "./computeAvailability";
import { isOutOfOffice, outOfOfficeIntervals } from "./outOfOffice";
import {
  buildAvailabilityInput,
  buildHost,
  buildSchedule,
  everyDay,
  range,
} from "./testing/buildAvailabilityInput";

const NOW = Date.parse("2027-01-01T00:00:00Z");
const HOUR = 3_600_000;

function dates(result: ReturnType<typeof computeAvailability>) {
  return result.days.map((day) => day.date);
}

describe("out of office in the engine", () => {
  it("takes whole local days across the spring-forward change in Berlin (23 hours)", () => {
    const timeline = buildOffsetTimeline(
      "Europe/Berlin",
      Date.parse("2027-03-20T00:00:00Z"),
      Date.parse("2027-04-05T00:00:00Z"),
    );
    const [away] = outOfOfficeIntervals(
      [{ startDate: "2027-03-28", endDate: "2027-03-28" }],
      timeline,
    );
    expect(away).toEqual({
      start: Date.parse("2027-03-27T23:00:00Z"),
      end: Date.parse("2027-03-28T22:00:00Z"),
    });
    expect(away!.end - away!.start).toBe(23 * HOUR);
  });

  it("leaves no slot on the away days and keeps the days around them, across a DST change", () => {
    // Berlin falls back on Sunday 2027-10-31; the host is away Saturday to Monday.
    const schedule = buildSchedule({ weekly: everyDay(range("00:00", "24:00")) });
    const input = buildAvailabilityInput({
      now: NOW,
      duration: 60,
      hosts: [
        buildHost({
          schedule,
          outOfOffice: [{ startDate: "2027-10-30", endDate: "2027-11-01" }],
        }),
      ],
      window: { startDate: "2027-10-29", endDate: "2027-11-02", timeZone: "Europe/Berlin" },
    });
    const result = computeAvailability(input);
    expect(dates(result)).toEqual(["2027-10-29", "2027-11-02"]);
    // The day before ends at 23:00 and the day after starts at 00:00: whole days, no more.
    const before = result.days[0]!.slots;
    const after = result.days[1]!.slots;
    expect(before.at(-1)!.localTime).toBe("23:00");
    expect(after[0]!.localTime).toBe("00:00");
    // Without the period the fall-back Sunday has 25 slots.
    const free = computeAvailability({ ...input, hosts: [buildHost({ schedule })] });
    expect(free.days.find((day) => day.date === "2027-10-31")!.slots).toHaveLength(25);
  });

  it("counts the days in the host's zone, not the invitee's", () => {
    // A Tokyo host away on 2027-06-08 (Tuesday): for a Berlin invitee that is Monday 17:00 to Tuesday 17:00.
    const input = buildAvailabilityInput({
      now: NOW,
      hosts: [
        buildHost({
          schedule: buildSchedule({
            timeZone: "Asia/Tokyo",
            weekly: everyDay(range("00:00", "24:00")),
          }),
          outOfOffice: [{ startDate: "2027-06-08", endDate: "2027-06-08" }],
        }),
      ],
      window: { startDate: "2027-06-07", endDate: "2027-06-08", timeZone: "Europe/Berlin" },
    });
    const result = computeAvailability(input);
    const monday = result.days.find((day) => day.date === "2027-06-07")!.slots;
    const tuesday = result.days.find((day) => day.date === "2027-06-08")!.slots;
    expect(monday.at(-1)!.localTime).toBe("16:00");
    expect(tuesday[0]!.localTime).toBe("17:00");
  });

  it("makes an away host not free in a collective event, and leaves a round robin to the other", () => {
    const schedule = buildSchedule();
    const hosts = [
      buildHost({
        hostId: "a",
        schedule,
        outOfOffice: [{ startDate: "2027-06-07", endDate: "2027-06-07" }],
      }),
      buildHost({ hostId: "b", schedule }),
    ];
    const window = { startDate: "2027-06-07", endDate: "2027-06-07", timeZone: "Europe/Berlin" };
    const collective = computeAvailability(
      buildAvailabilityInput({ now: NOW, kind: "COLLECTIVE", hosts, window }),
    );
    expect(collective.days).toEqual([]);
    const roundRobin = computeAvailability(
      buildAvailabilityInput({ now: NOW, kind: "ROUND_ROBIN", hosts, window }),
    );
    expect(roundRobin.days[0]!.slots.every((slot) => slot.hostIds.join() === "b")).toBe(true);
    expect(roundRobin.days[0]!.slots).toHaveLength(8);
  });

  it("tells whether a date is in a period, both ends included", () => {
    const periods = [{ startDate: "2027-06-07", endDate: "2027-06-09" }];
    expect(isOutOfOffice(periods, "2027-06-06")).toBe(false);
    expect(isOutOfOffice(periods, "2027-06-07")).toBe(true);
    expect(isOutOfOffice(periods, "2027-06-09")).toBe(true);
    expect(isOutOfOffice(periods, "2027-06-10")).toBe(false);
  });
});
