import { describe, expect, it } from "vitest";
import type { PublicHost } from "./loadEventTypeHosts";
import { selectHosts } from "./selectHosts";

const host = (id: string, priority = 0): PublicHost => ({
  id,
  username: id,
  email: `${id}@example.com`,
  timeZone: "Europe/Berlin",
  priority,
  schedule: { timeZone: "Europe/Berlin", weekly: {}, overrides: [] },
});
const [a, b, c, d] = [host("a", 2), host("b", 1), host("c"), host("d")];
const ids = (hosts: PublicHost[] | undefined) => hosts?.map((h) => h.id);

describe("selectHosts", () => {
  it("keeps every host without a selection", () => {
    const selected = selectHosts({ kind: "COLLECTIVE", hostGroups: [] }, [a, b], { mode: "all" });
    expect(selected).toEqual({ kind: "COLLECTIVE", hosts: [a, b] });
  });

  it("narrows a round robin to the pinned host, and leaves a collective whole", () => {
    const pin = { mode: "pin", hostId: "b" } as const;
    expect(selectHosts({ kind: "ROUND_ROBIN", hostGroups: [] }, [a, b], pin)).toEqual({
      kind: "ROUND_ROBIN",
      hosts: [b],
    });
    expect(ids(selectHosts({ kind: "COLLECTIVE", hostGroups: [] }, [a, b], pin)?.hosts)).toEqual([
      "a",
      "b",
    ]);
  });

  it("narrows the FLEXI ANY group of a pinned host, not ALL groups", () => {
    const eventType = {
      kind: "FLEXI" as const,
      hostGroups: [
        { mode: "ALL" as const, userIds: ["a"] },
        { mode: "ANY" as const, userIds: ["b", "c", "d"] },
      ],
    };
    const selected = selectHosts(eventType, [a, b, c, d], { mode: "pin", hostId: "c" });
    expect(selected?.hostGroups).toEqual([
      { mode: "ALL", hostIds: ["a"] },
      { mode: "ANY", hostIds: ["c"] },
    ]);
    expect(ids(selected?.hosts)).toEqual(["a", "c"]);
    const pinnedAll = selectHosts(eventType, [a, b, c, d], { mode: "pin", hostId: "a" });
    expect(pinnedAll?.hostGroups?.[1]).toEqual({ mode: "ANY", hostIds: ["b", "c", "d"] });
  });

  it("drops deleted users from FLEXI groups; an ANY group left empty means no host can book", () => {
    const eventType = {
      kind: "FLEXI" as const,
      hostGroups: [
        { mode: "ALL" as const, userIds: ["a", "gone"] },
        { mode: "ANY" as const, userIds: ["gone-too"] },
      ],
    };
    expect(selectHosts(eventType, [a], { mode: "all" })).toBeNull();
    const allOnly = { ...eventType, hostGroups: [eventType.hostGroups[0]!] };
    expect(selectHosts(allOnly, [a], { mode: "all" })?.hostGroups).toEqual([
      { mode: "ALL", hostIds: ["a"] },
    ]);
  });

  it("computes one host alone for a host's own reschedule, keeping GROUP seats", () => {
    const only = { mode: "only", host: c } as const;
    expect(selectHosts({ kind: "COLLECTIVE", hostGroups: [] }, [a, b], only)).toEqual({
      kind: "ROUND_ROBIN",
      hosts: [c],
    });
    expect(selectHosts({ kind: "GROUP", hostGroups: [] }, [c], only)?.kind).toBe("GROUP");
  });
});
