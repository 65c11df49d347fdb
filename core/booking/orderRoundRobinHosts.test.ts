import { describe, expect, it } from "vitest";
import { orderRoundRobinHosts } from "./orderRoundRobinHosts";

describe("orderRoundRobinHosts", () => {
  it("puts the highest priority first whatever the booking history", () => {
    expect(
      orderRoundRobinHosts([
        { hostId: "a", priority: 1, lastBookedAt: null },
        { hostId: "b", priority: 5, lastBookedAt: 1_000 },
      ]),
    ).toEqual(["b", "a"]);
  });

  it("within a priority, the least recently booked goes first and never booked before all", () => {
    expect(
      orderRoundRobinHosts([
        { hostId: "a", priority: 0, lastBookedAt: 3_000 },
        { hostId: "b", priority: 0, lastBookedAt: 1_000 },
        { hostId: "c", priority: 0, lastBookedAt: null },
      ]),
    ).toEqual(["c", "b", "a"]);
  });

  it("breaks full ties by id and leaves its argument alone", () => {
    const hosts = [
      { hostId: "z", priority: 0, lastBookedAt: null },
      { hostId: "m", priority: 0, lastBookedAt: null },
    ];
    expect(orderRoundRobinHosts(hosts)).toEqual(["m", "z"]);
    expect(hosts[0]!.hostId).toBe("z");
  });
});
