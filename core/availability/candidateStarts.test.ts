import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { parseLocalDate } from "../time/localDate";
import { buildOffsetTimeline } from "../time/offsetTimeline";
import { type CandidateRequest, candidateStarts } from "./candidateStarts";
import { hostGroupsFor } from "./hostAggregation";
import { buildHost, buildSchedule, everyDay, range } from "./testing/buildAvailabilityInput";
import type { HostInput } from "./types";

const M = 60_000;
const span = [Date.parse("2027-05-01T00:00:00Z"), Date.parse("2027-08-01T00:00:00Z")] as const;
const berlin = buildOffsetTimeline("Europe/Berlin", ...span);
const newYork = buildOffsetTimeline("America/New_York", ...span);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

function request(hosts: HostInput[], overrides: Partial<CandidateRequest> = {}): CandidateRequest {
  return {
    hosts,
    hostTimelines: hosts.map(() => berlin),
    owner: berlin,
    groups: hostGroupsFor("ONE_ON_ONE", hosts, undefined),
    firstHostDay: parseLocalDate("2027-06-09"),
    lastHostDay: parseLocalDate("2027-06-16"),
    duration: 50 * M,
    step: 50 * M,
    from: Date.parse("2027-06-11T22:00:00Z"),
    to: Date.parse("2027-06-14T22:00:00Z"),
    ...overrides,
  };
}

describe("candidateStarts", () => {
  const always = [
    buildHost({ schedule: buildSchedule({ weekly: everyDay(range("00:00", "24:00")) }) }),
  ];

  it("restarts the grid at Monday 00:00 in the owner's zone", () => {
    const { starts } = candidateStarts(request(always));
    // Monday 2027-06-14 00:00 in Berlin is 2027-06-13T22:00Z.
    expect(
      starts
        .filter((t) => t >= Date.parse("2027-06-13T21:00:00Z"))
        .slice(0, 3)
        .map(iso),
    ).toEqual(["2027-06-13T21:30", "2027-06-13T22:00", "2027-06-13T22:50"]);
    const nyOwner = candidateStarts(request(always, { owner: newYork })).starts;
    expect(nyOwner).toContain(Date.parse("2027-06-14T04:00:00Z"));
    expect(nyOwner).not.toContain(Date.parse("2027-06-13T22:00:00Z"));
  });

  it.each(["2027-06-11", "2027-06-09", "2027-06-05", "2027-06-01"])(
    "gives the same starts whether schedules are read from %s",
    (firstDate) => {
      const reference = candidateStarts(request(always)).starts;
      const other = candidateStarts(
        request(always, { firstHostDay: parseLocalDate(firstDate) }),
      ).starts;
      expect(other).toEqual(reference);
    },
  );

  it("keeps starts in [from, to) and returns each host's time", () => {
    const hosts = [
      buildHost(),
      buildHost({ hostId: "b", schedule: buildSchedule({ weekly: {} }) }),
    ];
    const result = candidateStarts(
      request(hosts, {
        groups: hostGroupsFor("ROUND_ROBIN", hosts, undefined),
        duration: 60 * M,
        step: 60 * M,
      }),
    );
    expect(result.starts.map(iso)).toEqual(
      ["07", "08", "09", "10", "11", "12", "13", "14"].map((h) => `2027-06-14T${h}:00`),
    );
    expect(result.hostTime[1]).toEqual([]);
    expect(result.hostTime[0]?.length).toBe(6);
  });

  it("names a bad schedule's field by its host", () => {
    const bad = [
      buildHost(),
      buildHost({ schedule: buildSchedule({ weekly: { MON: [range("12:00", "11:00")] } }) }),
    ];
    try {
      candidateStarts(request(bad, { hostTimelines: [berlin, berlin] }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).fields).toHaveProperty(["hosts.1.schedule.weekly.MON.0.end"]);
    }
  });
});
