import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { aggregateHosts, groupsAvailableTime, hostGroupsFor } from "./hostAggregation";
import { buildHost } from "./testing/buildAvailabilityInput";
import type { HostGroup, Interval } from "./types";

const hosts = [
  buildHost({ hostId: "a", priority: 1 }),
  buildHost({ hostId: "b", priority: 5 }),
  buildHost({ hostId: "c" }),
  buildHost({ hostId: "d", priority: 5 }),
];
const free =
  (...ids: string[]) =>
  (index: number) =>
    ids.includes(hosts[index]!.hostId);

describe("hostGroupsFor", () => {
  it.each([
    ["ONE_ON_ONE", [{ mode: "ALL", members: [0, 1, 2, 3] }]],
    ["COLLECTIVE", [{ mode: "ALL", members: [0, 1, 2, 3] }]],
    ["ROUND_ROBIN", [{ mode: "ANY", members: [1, 3, 0, 2] }]],
  ] as const)("%s", (kind, expected) => {
    expect(hostGroupsFor(kind, hosts, undefined)).toEqual(expected);
  });

  it("FLEXI resolves ids, ANY groups by priority", () => {
    const groups: HostGroup[] = [
      { mode: "ALL", hostIds: ["c", "a"] },
      { mode: "ANY", hostIds: ["a", "c", "d"] },
    ];
    expect(hostGroupsFor("FLEXI", hosts, groups)).toEqual([
      { mode: "ALL", members: [2, 0] },
      { mode: "ANY", members: [3, 0, 2] },
    ]);
  });

  it.each<[HostGroup[] | undefined, string]>([
    [undefined, "hostGroups"],
    [[], "hostGroups"],
    [[{ mode: "ALL", hostIds: [] }], "hostGroups.0.hostIds"],
    [
      [
        { mode: "ANY", hostIds: ["a"] },
        { mode: "ALL", hostIds: ["zz"] },
      ],
      "hostGroups.1.hostIds",
    ],
  ])("FLEXI throws VALIDATION on bad groups (%#)", (groups, field) => {
    try {
      hostGroupsFor("FLEXI", hosts, groups);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).fields).toHaveProperty([field]);
    }
  });
});

describe("groupsAvailableTime", () => {
  const time: Interval[][] = [
    [{ start: 0, end: 10 }],
    [{ start: 5, end: 20 }],
    [{ start: 30, end: 40 }],
    [],
  ];

  it.each([
    ["ALL intersects", [{ mode: "ALL", members: [0, 1] }], [{ start: 5, end: 10 }]],
    [
      "ANY unites",
      [{ mode: "ANY", members: [0, 1, 2] }],
      [
        { start: 0, end: 20 },
        { start: 30, end: 40 },
      ],
    ],
    [
      "groups intersect",
      [
        { mode: "ANY", members: [0, 2] },
        { mode: "ALL", members: [1] },
      ],
      [{ start: 5, end: 10 }],
    ],
    ["a host without time empties ALL", [{ mode: "ALL", members: [0, 3] }], []],
  ] as const)("%s", (_, groups, expected) => {
    expect(groupsAvailableTime(groups as never, time)).toEqual(expected);
  });
});

describe("aggregateHosts", () => {
  const collective = hostGroupsFor("COLLECTIVE", hosts, undefined);
  const roundRobin = hostGroupsFor("ROUND_ROBIN", hosts, undefined);
  const flexi = hostGroupsFor("FLEXI", hosts, [
    { mode: "ALL", hostIds: ["a"] },
    { mode: "ANY", hostIds: ["b", "c"] },
    { mode: "ANY", hostIds: ["c", "d"] },
  ]);

  it.each([
    ["COLLECTIVE, all free", collective, free("a", "b", "c", "d"), ["a", "b", "c", "d"]],
    ["COLLECTIVE, one busy", collective, free("a", "b", "c"), null],
    [
      "ROUND_ROBIN orders by priority, stable on ties",
      roundRobin,
      free("a", "b", "c", "d"),
      ["b", "d", "a", "c"],
    ],
    ["ROUND_ROBIN lists only free hosts", roundRobin, free("c", "a"), ["a", "c"]],
    ["ROUND_ROBIN, nobody free", roundRobin, free(), null],
    [
      "FLEXI: ALL members then free ANY members",
      flexi,
      free("a", "b", "c", "d"),
      ["a", "b", "c", "d"],
    ],
    ["FLEXI: one member per ANY group is enough", flexi, free("a", "c"), ["a", "c"]],
    ["FLEXI: an ANY group without a free member", flexi, free("a", "b"), null],
    ["FLEXI: an ALL member busy", flexi, free("b", "c", "d"), null],
  ] as const)("%s", (_, groups, isFree, expected) => {
    expect(aggregateHosts(groups, hosts, isFree)).toEqual(expected);
  });

  it("asks no more than it needs for ALL groups", () => {
    const asked: number[] = [];
    aggregateHosts(collective, hosts, (index) => {
      asked.push(index);
      return index !== 1;
    });
    expect(asked).toEqual([0, 1]);
  });

  it.each([
    ["ROUND_ROBIN: the free host of highest priority", roundRobin, free("a", "c", "d"), ["d"]],
    ["ROUND_ROBIN, nobody free", roundRobin, free(), null],
    [
      "FLEXI: ALL members, then one per ANY group",
      flexi,
      free("a", "b", "c", "d"),
      ["a", "b", "d"],
    ],
    ["FLEXI: an ANY group without a free member", flexi, free("a", "b"), null],
  ] as const)("with firstFreeOnly, %s", (_, groups, isFree, expected) => {
    expect(aggregateHosts(groups, hosts, isFree, true)).toEqual(expected);
  });

  it("with firstFreeOnly, stops asking an ANY group at its first free member", () => {
    const asked: number[] = [];
    aggregateHosts(
      roundRobin,
      hosts,
      (index) => {
        asked.push(index);
        return index !== 1;
      },
      true,
    );
    // Priority order is b (1), d (3), a (0), c (2): b is busy, d is free.
    expect(asked).toEqual([1, 3]);
  });
});
