import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { computeAvailability } from "./computeAvailability";
import {
  buildAvailabilityInput,
  buildBusy,
  buildHost,
  buildSchedule,
  everyDay,
  range,
  slotTimes,
  workdays,
} from "./testing/buildAvailabilityInput";
import type { AvailabilityInput, HostInput, Schedule } from "./types";

const MONDAY = "2027-06-07";
const hours = (...list: number[]) => list.map((h) => `${String(h).padStart(2, "0")}:00`);
const withSchedule = (schedule: Partial<Schedule>, overrides: Partial<AvailabilityInput> = {}) =>
  buildAvailabilityInput({
    hosts: [buildHost({ schedule: buildSchedule(schedule) })],
    ...overrides,
  });
const week = (startDate: string, endDate: string, timeZone = "Europe/Berlin") => ({
  window: { startDate, endDate, timeZone },
});

describe("computeAvailability: schedules", () => {
  it.each<[string, AvailabilityInput, Record<string, string[]>]>([
    [
      "weekly intervals",
      withSchedule({ weekly: { MON: [range("09:00", "12:00")] } }),
      { [MONDAY]: hours(9, 10, 11) },
    ],
    [
      "several intervals per day",
      withSchedule({ weekly: { MON: [range("09:00", "11:00"), range("14:00", "16:00")] } }),
      { [MONDAY]: hours(9, 10, 14, 15) },
    ],
    [
      "touching intervals merge into one run",
      withSchedule({ weekly: { MON: [range("09:00", "09:30"), range("09:30", "11:00")] } }),
      { [MONDAY]: hours(9, 10) },
    ],
    ["a weekday without intervals is off", withSchedule({}, week("2027-06-05", "2027-06-06")), {}],
    [
      "an override replaces the weekday",
      withSchedule({ overrides: [{ date: MONDAY, intervals: [range("13:00", "15:00")] }] }),
      { [MONDAY]: hours(13, 14) },
    ],
    [
      "an empty override is a day off, other days stay",
      withSchedule({ overrides: [{ date: MONDAY, intervals: [] }] }, week(MONDAY, "2027-06-08")),
      { "2027-06-08": hours(9, 10, 11, 12, 13, 14, 15, 16) },
    ],
    [
      "an override can open a weekend day",
      withSchedule(
        { overrides: [{ date: "2027-06-06", intervals: [range("10:00", "12:00")] }] },
        week("2027-06-06", "2027-06-06"),
      ),
      { "2027-06-06": hours(10, 11) },
    ],
    [
      "an interval ending at 24:00",
      withSchedule({ weekly: { MON: [range("22:00", "24:00")] } }),
      { [MONDAY]: hours(22, 23) },
    ],
    [
      "a run across midnight carries slots over it",
      withSchedule(
        { weekly: { MON: [range("23:00", "24:00")], TUE: [range("00:00", "01:00")] } },
        { duration: 90, slotStep: 30, ...week(MONDAY, "2027-06-08") },
      ),
      { [MONDAY]: ["23:00", "23:30"] },
    ],
  ])("%s", (_, input, expected) => {
    expect(slotTimes(computeAvailability(input))).toEqual(expected);
  });
});

describe("computeAvailability: duration and step", () => {
  const morning = { weekly: { MON: [range("09:00", "11:00")] } };

  it.each<[string, Partial<AvailabilityInput>, string[]]>([
    ["the step defaults to the duration", { duration: 30 }, ["09:00", "09:30", "10:00", "10:30"]],
    [
      "a smaller step",
      { duration: 60, slotStep: 15 },
      ["09:00", "09:15", "09:30", "09:45", "10:00"],
    ],
    ["a larger step", { duration: 30, slotStep: 45 }, ["09:00", "09:45", "10:30"]],
    ["the slot must fit", { duration: 90 }, ["09:00"]],
    [
      "the slot must fit, smaller step",
      { duration: 90, slotStep: 15 },
      ["09:00", "09:15", "09:30"],
    ],
    ["too long for the interval", { duration: 150 }, []],
  ])("%s", (_, overrides, expected) => {
    const result = computeAvailability(withSchedule(morning, overrides));
    expect(slotTimes(result)[MONDAY] ?? []).toEqual(expected);
  });

  it("counts the step from each interval's own start", () => {
    const input = withSchedule(
      { weekly: { MON: [range("09:10", "10:30"), range("14:00", "15:00")] } },
      { duration: 30 },
    );
    expect(slotTimes(computeAvailability(input))[MONDAY]).toEqual([
      "09:10",
      "09:40",
      "14:00",
      "14:30",
    ]);
  });
});

describe("computeAvailability: busy time and buffers", () => {
  const meeting = (overrides = {}) =>
    buildBusy("2027-06-07T09:00:00Z", "2027-06-07T10:00:00Z", overrides); // 11:00-12:00 in Berlin
  const withBusy = (busy: HostInput["busy"], overrides: Partial<AvailabilityInput> = {}) =>
    buildAvailabilityInput({
      hosts: [
        buildHost({
          schedule: buildSchedule({ weekly: { MON: [range("09:00", "14:00")] } }),
          busy,
        }),
      ],
      slotStep: 15,
      ...overrides,
    });
  const starts = (input: AvailabilityInput) => slotTimes(computeAvailability(input))[MONDAY] ?? [];

  it.each<[string, AvailabilityInput, string[]]>([
    [
      "an event blocks its time, touching is fine",
      withBusy([meeting()]),
      ["09:00", "09:15", "09:30", "09:45", "10:00", "12:00", "12:15", "12:30", "12:45", "13:00"],
    ],
    [
      "an event blocks its own buffers",
      withBusy([
        meeting({
          from: Date.parse("2027-06-07T08:30:00Z"),
          to: Date.parse("2027-06-07T10:15:00Z"),
        }),
      ]),
      ["09:00", "09:15", "09:30", "12:15", "12:30", "12:45", "13:00"],
    ],
    [
      "the new event's buffer after keeps it from the next event",
      withBusy([meeting()], { bufferAfter: 30 }),
      ["09:00", "09:15", "09:30", "12:00", "12:15", "12:30", "12:45", "13:00"],
    ],
    [
      "the new event's buffer before keeps it from the previous event",
      withBusy([meeting()], { bufferBefore: 30 }),
      ["09:00", "09:15", "09:30", "09:45", "10:00", "12:30", "12:45", "13:00"],
    ],
    [
      "existing buffers and new buffers add up",
      withBusy(
        [
          meeting({
            from: Date.parse("2027-06-07T08:45:00Z"),
            to: Date.parse("2027-06-07T10:15:00Z"),
          }),
        ],
        {
          bufferBefore: 15,
          bufferAfter: 15,
        },
      ),
      ["09:00", "09:15", "09:30", "12:30", "12:45", "13:00"],
    ],
    [
      "buffers need not fit in working hours",
      withBusy([], { bufferBefore: 60, bufferAfter: 60, slotStep: 60 }),
      hours(9, 10, 11, 12, 13),
    ],
    [
      "busy time from elsewhere blocks like an event",
      withBusy([buildBusy("2027-06-07T07:00:00Z", "2027-06-07T11:00:00Z", { eventTypeId: null })]),
      ["13:00"],
    ],
  ])("%s", (_, input, expected) => {
    expect(starts(input)).toEqual(expected);
  });
});

describe("computeAvailability: notice and horizon", () => {
  it.each<[string, Partial<AvailabilityInput>, Record<string, string[]>]>([
    [
      "minimum notice from now",
      { now: Date.parse("2027-06-07T07:30:00Z"), minimumNotice: 60 },
      { [MONDAY]: hours(11, 12, 13, 14, 15, 16) },
    ],
    [
      "minimum notice keeps the grid",
      { now: Date.parse("2027-06-07T07:30:00Z"), minimumNotice: 60, slotStep: 30 },
      {
        [MONDAY]: [
          "10:30",
          "11:00",
          "11:30",
          "12:00",
          "12:30",
          "13:00",
          "13:30",
          "14:00",
          "14:30",
          "15:00",
          "15:30",
          "16:00",
        ],
      },
    ],
    ["no slot in the past", { now: Date.parse("2027-06-07T14:00:00Z") }, { [MONDAY]: hours(16) }],
    [
      "a horizon of 0 days is today only",
      { now: Date.parse("2027-06-07T04:00:00Z"), maxDaysAhead: 0, ...week(MONDAY, "2027-06-09") },
      { [MONDAY]: hours(9, 10, 11, 12, 13, 14, 15, 16) },
    ],
    [
      "a horizon of 1 day",
      { now: Date.parse("2027-06-07T04:00:00Z"), maxDaysAhead: 1, ...week(MONDAY, "2027-06-09") },
      {
        [MONDAY]: hours(9, 10, 11, 12, 13, 14, 15, 16),
        "2027-06-08": hours(9, 10, 11, 12, 13, 14, 15, 16),
      },
    ],
    [
      "the horizon counts in the owner's zone",
      {
        now: Date.parse("2027-06-06T23:30:00Z"),
        maxDaysAhead: 0,
        horizonTimeZone: "America/New_York",
      },
      {},
    ],
  ])("%s", (_, overrides, expected) => {
    expect(slotTimes(computeAvailability(buildAvailabilityInput(overrides)))).toEqual(expected);
  });

  it.each([
    [null, "2027-06-07T04:00:00Z", "Europe/Berlin", null],
    [0, "2027-06-07T04:00:00Z", "Europe/Berlin", "2027-06-07"],
    [30, "2027-06-06T23:30:00Z", "Europe/Berlin", "2027-07-07"],
    [30, "2027-06-06T23:30:00Z", "America/New_York", "2027-07-06"],
  ])(
    "lastDate with %s days ahead at %s in %s is %s",
    (maxDaysAhead, now, horizonTimeZone, lastDate) => {
      const input = buildAvailabilityInput({ maxDaysAhead, now: Date.parse(now), horizonTimeZone });
      expect(computeAvailability(input).lastDate).toBe(lastDate);
    },
  );

  it("reports lastDate even when the window is beyond it", () => {
    const input = buildAvailabilityInput({ maxDaysAhead: 2, ...week("2027-08-02", "2027-08-06") });
    expect(computeAvailability(input)).toEqual({ days: [], lastDate: "2027-06-03" });
  });
});

describe("computeAvailability: daily limit", () => {
  const ofType = (start: string, eventTypeId: string | null = "type-1") =>
    buildBusy(start, new Date(Date.parse(start) + 1_800_000).toISOString(), { eventTypeId });
  const limited = (
    busy: HostInput["busy"],
    dailyLimit: number | null,
    timeZone = "Europe/Berlin",
  ) =>
    buildAvailabilityInput({
      dailyLimit,
      hosts: [
        buildHost({ busy, schedule: buildSchedule({ weekly: workdays(range("09:00", "12:00")) }) }),
      ],
      ...week(MONDAY, "2027-06-08", timeZone),
    });

  it.each<[string, AvailabilityInput, Record<string, string[]>]>([
    [
      "under the limit",
      limited([ofType("2027-06-07T12:00:00Z")], 2),
      { [MONDAY]: hours(9, 10, 11), "2027-06-08": hours(9, 10, 11) },
    ],
    [
      "at the limit: the day is closed",
      limited([ofType("2027-06-07T12:00:00Z")], 1),
      { "2027-06-08": hours(9, 10, 11) },
    ],
    [
      "other event types do not count",
      limited([ofType("2027-06-07T12:00:00Z", "type-2"), ofType("2027-06-07T13:00:00Z", null)], 1),
      { [MONDAY]: hours(9, 10, 11), "2027-06-08": hours(9, 10, 11) },
    ],
    [
      "counted in the host's day, not UTC's or the invitee's",
      // 00:30 on Tuesday in Berlin, Monday evening in New York.
      limited([ofType("2027-06-07T22:30:00Z")], 1, "America/New_York"),
      { "2027-06-07": ["03:00", "04:00", "05:00"] },
    ],
    ["a limit of 0 closes every day", limited([], 0), {}],
  ])("%s", (_, input, expected) => {
    expect(slotTimes(computeAvailability(input))).toEqual(expected);
  });
});

describe("computeAvailability: GROUP seats", () => {
  const group = (attendeeCount: number, eventTypeId = "type-1") =>
    buildBusy("2027-06-07T08:00:00Z", "2027-06-07T09:00:00Z", {
      eventId: "group-1",
      eventTypeId,
      attendeeCount,
    }); // 10:00-11:00 in Berlin
  const grouped = (busy: HostInput["busy"], overrides: Partial<AvailabilityInput> = {}) =>
    buildAvailabilityInput({
      kind: "GROUP",
      seats: 3,
      hosts: [
        buildHost({
          busy,
          schedule: buildSchedule({ weekly: { MON: [range("09:00", "12:00")] } }),
        }),
      ],
      ...overrides,
    });
  const seats = (input: AvailabilityInput) =>
    computeAvailability(input).days.flatMap((d) =>
      d.slots.map((s) => [s.localTime, s.seatsLeft, s.eventId ?? null]),
    );

  it.each<[string, AvailabilityInput, unknown[]]>([
    [
      "free slots have every seat",
      grouped([]),
      [
        ["09:00", 3, null],
        ["10:00", 3, null],
        ["11:00", 3, null],
      ],
    ],
    [
      "an event with seats left is joined",
      grouped([group(2)]),
      [
        ["09:00", 3, null],
        ["10:00", 1, "group-1"],
        ["11:00", 3, null],
      ],
    ],
    [
      "a full event has no slot",
      grouped([group(3)]),
      [
        ["09:00", 3, null],
        ["11:00", 3, null],
      ],
    ],
    [
      "an event of another type blocks",
      grouped([group(1, "type-2")]),
      [
        ["09:00", 3, null],
        ["11:00", 3, null],
      ],
    ],
    [
      "off-grid, an event only blocks",
      grouped([group(1)], { slotStep: 30, duration: 30 }),
      [
        ["09:00", 3, null],
        ["09:30", 3, null],
        ["10:00", 3, null],
        ["10:30", 3, null],
        ["11:00", 3, null],
        ["11:30", 3, null],
      ].filter(([t]) => t !== "10:00" && t !== "10:30"),
    ],
    [
      "joining does not count against the daily limit",
      grouped([group(1)], { dailyLimit: 1 }),
      [["10:00", 2, "group-1"]],
    ],
  ])("%s", (_, input, expected) => {
    expect(seats(input)).toEqual(expected);
  });

  it("other kinds report no seats", () => {
    const slot = computeAvailability(buildAvailabilityInput()).days[0]?.slots[0];
    expect(slot).toEqual({
      start: Date.parse("2027-06-07T07:00:00Z"),
      localDate: MONDAY,
      localTime: "09:00",
      offsetMinutes: 120,
      seatsLeft: null,
      hostIds: ["host-1"],
    });
  });
});

describe("computeAvailability: team kinds", () => {
  const host = (hostId: string, start: string, end: string, extra: Partial<HostInput> = {}) =>
    buildHost({
      hostId,
      schedule: buildSchedule({ weekly: { MON: [range(start, end)] } }),
      ...extra,
    });
  const busyAt = (time: string) => [
    buildBusy(`2027-06-07T${time}:00Z`, `2027-06-07T${time.slice(0, 2)}:59:00Z`),
  ];
  const team = (
    kind: AvailabilityInput["kind"],
    hosts: HostInput[],
    hostGroups?: AvailabilityInput["hostGroups"],
  ) =>
    computeAvailability(buildAvailabilityInput({ kind, hosts, hostGroups })).days.flatMap((d) =>
      d.slots.map((s) => `${s.localTime} ${s.hostIds.join(",")}`),
    );

  it("COLLECTIVE needs every host, within everyone's hours", () => {
    expect(team("COLLECTIVE", [host("a", "09:00", "13:00"), host("b", "11:00", "15:00")])).toEqual([
      "11:00 a,b",
      "12:00 a,b",
    ]);
    expect(
      team("COLLECTIVE", [
        host("a", "09:00", "13:00", { busy: busyAt("09:00") }),
        host("b", "11:00", "15:00"),
      ]),
    ).toEqual(["12:00 a,b"]);
  });

  it("ROUND_ROBIN needs one host, listing free hosts by priority", () => {
    const hosts = [
      host("a", "09:00", "11:00", { priority: 1 }),
      host("b", "10:00", "12:00", { priority: 5 }),
    ];
    expect(team("ROUND_ROBIN", hosts)).toEqual(["09:00 a", "10:00 b,a", "11:00 b"]);
    expect(team("ROUND_ROBIN", [hosts[0]!, { ...hosts[1]!, busy: busyAt("08:00") }])).toEqual([
      "09:00 a",
      "10:00 a",
      "11:00 b",
    ]);
  });

  it("ROUND_ROBIN keeps the input order on equal priorities", () => {
    const hosts = [
      host("c", "09:00", "10:00"),
      host("a", "09:00", "10:00"),
      host("b", "09:00", "10:00", { priority: 2 }),
    ];
    expect(team("ROUND_ROBIN", hosts)).toEqual(["09:00 b,c,a"]);
  });

  it("ROUND_ROBIN's grid runs over the union of the hosts' hours", () => {
    expect(team("ROUND_ROBIN", [host("a", "09:00", "10:00"), host("b", "09:30", "11:30")])).toEqual(
      ["09:00 a", "10:00 b"],
    );
  });

  it("FLEXI: every ALL member plus a free member of each ANY group", () => {
    const hosts = [
      host("lead", "09:00", "13:00"),
      host("x", "09:00", "11:00", { priority: 1 }),
      host("y", "10:00", "13:00", { priority: 2 }),
    ];
    const groups = [
      { mode: "ALL" as const, hostIds: ["lead"] },
      { mode: "ANY" as const, hostIds: ["x", "y"] },
    ];
    expect(team("FLEXI", hosts, groups)).toEqual([
      "09:00 lead,x",
      "10:00 lead,y,x",
      "11:00 lead,y",
      "12:00 lead,y",
    ]);
    const leadBusy = [{ ...hosts[0]!, busy: busyAt("08:00") }, hosts[1]!, hosts[2]!];
    expect(team("FLEXI", leadBusy, groups)).toEqual([
      "09:00 lead,x",
      "11:00 lead,y",
      "12:00 lead,y",
    ]);
    const allOfThem = [{ mode: "ALL" as const, hostIds: ["lead", "x", "y"] }];
    expect(team("FLEXI", hosts, allOfThem)).toEqual(["10:00 lead,x,y"]);
  });
});

describe("computeAvailability: output and input", () => {
  it("sorts days and slots, omits empty days", () => {
    const input = buildAvailabilityInput({
      ...week("2027-06-04", "2027-06-08", "Asia/Tokyo"),
      hosts: [
        buildHost({
          schedule: buildSchedule({
            weekly: workdays(range("09:00", "11:00"), range("20:00", "22:00")),
          }),
        }),
      ],
    });
    const { days } = computeAvailability(input);
    expect(days.map((d) => d.date)).toEqual([
      "2027-06-04",
      "2027-06-05",
      "2027-06-07",
      "2027-06-08",
    ]);
    const starts = days.flatMap((d) => d.slots.map((s) => s.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(days.every((d) => d.slots.length > 0)).toBe(true);
  });

  it("never mutates its input", () => {
    const input = buildAvailabilityInput({
      kind: "ROUND_ROBIN",
      hosts: [
        buildHost({
          hostId: "a",
          busy: [
            buildBusy("2027-06-07T12:00:00Z", "2027-06-07T13:00:00Z"),
            buildBusy("2027-06-07T08:00:00Z", "2027-06-07T09:00:00Z"),
          ],
          schedule: buildSchedule({
            overrides: [
              { date: MONDAY, intervals: [range("15:00", "16:00"), range("08:00", "09:00")] },
            ],
          }),
        }),
        buildHost({ hostId: "b", priority: 3 }),
      ],
    });
    const copy = structuredClone(input);
    const deepFreeze = (value: unknown): void => {
      if (value && typeof value === "object") {
        Object.freeze(value);
        for (const inner of Object.values(value)) deepFreeze(inner);
      }
    };
    deepFreeze(input);
    computeAvailability(input);
    expect(input).toEqual(copy);
  });

  it.each<[string, Partial<AvailabilityInput>, string]>([
    [
      "a bad invitee zone",
      { window: { startDate: MONDAY, endDate: MONDAY, timeZone: "Mars/Olympus" } },
      "window.timeZone",
    ],
    ["a bad owner zone", { horizonTimeZone: "Nowhere" }, "horizonTimeZone"],
    [
      "a bad host zone",
      { hosts: [buildHost({ schedule: buildSchedule({ timeZone: "Nope/Nope" }) })] },
      "hosts.0.schedule.timeZone",
    ],
    [
      "a bad range",
      {
        hosts: [
          buildHost({ schedule: buildSchedule({ weekly: { MON: [range("10:00", "09:00")] } }) }),
        ],
      },
      "hosts.0.schedule.weekly.MON.0.end",
    ],
    [
      "a bad window",
      { window: { startDate: MONDAY, endDate: "2027-06-01", timeZone: "UTC" } },
      "window.endDate",
    ],
  ])("throws VALIDATION on %s", (_, overrides, field) => {
    try {
      computeAvailability(buildAvailabilityInput(overrides));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("VALIDATION");
      expect((error as DomainError).fields).toHaveProperty([field]);
    }
  });
});

describe("computeAvailability: runs of time longer than a day", () => {
  // Always available, and 50 minutes does not divide a day: where the grid starts is visible.
  const always = (window: AvailabilityInput["window"]) =>
    buildAvailabilityInput({
      duration: 50,
      hosts: [
        buildHost({ schedule: buildSchedule({ weekly: everyDay(range("00:00", "24:00")) }) }),
      ],
      window,
    });
  const berlinWeek = { startDate: "2027-06-07", endDate: "2027-06-13", timeZone: "Europe/Berlin" };
  const weekResult = computeAvailability(always(berlinWeek));

  it("restarts the grid each Monday 00:00 in the owner's zone", () => {
    const times = slotTimes(weekResult);
    expect(times["2027-06-07"]?.slice(0, 3)).toEqual(["00:00", "00:50", "01:40"]);
    expect(times["2027-06-09"]?.[0]).toBe("00:20");
    const sunday = slotTimes(
      computeAvailability(
        always({ ...berlinWeek, startDate: "2027-06-06", endDate: "2027-06-06" }),
      ),
    );
    expect(sunday["2027-06-06"]?.slice(-2)).toEqual(["22:40", "23:30"]);
  });

  it.each(["2027-06-07", "2027-06-09", "2027-06-11", "2027-06-12", "2027-06-13"])(
    "gives %s the same slots alone as within the week",
    (date) => {
      const alone = computeAvailability(
        always({ startDate: date, endDate: date, timeZone: "Europe/Berlin" }),
      );
      expect(alone.days).toEqual(weekResult.days.filter((d) => d.date === date));
    },
  );

  it("gives the same instants to an invitee in another zone", () => {
    const tokyo = computeAvailability(
      always({ startDate: "2027-06-10", endDate: "2027-06-12", timeZone: "Asia/Tokyo" }),
    );
    const from = Date.parse("2027-06-09T15:00:00Z");
    const to = Date.parse("2027-06-12T15:00:00Z");
    const inRange = (days: typeof tokyo.days) =>
      days.flatMap((d) => d.slots.map((s) => s.start)).filter((t) => t >= from && t < to);
    expect(inRange(tokyo.days)).toEqual(inRange(weekResult.days));
    expect(inRange(tokyo.days).length).toBeGreaterThan(80);
  });
});
