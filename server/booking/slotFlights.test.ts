import { describe, expect, it } from "vitest";
import { SlotFlights } from "./slotFlights";

describe("SlotFlights", () => {
  it("lets requests for a slot wait for the one booking it", async () => {
    const flights = new SlotFlights();
    const key = SlotFlights.keyOf({ sharedLink: "x" }, 1000);
    expect(await flights.wasTaken(key)).toBe(false);
    const flight = flights.begin(key);
    const waiting = flights.wasTaken(key);
    flight.settle(true);
    flight.settle(false);
    expect(await waiting).toBe(true);
    // Settled flights are gone: a later request asks the database again.
    expect(await flights.wasTaken(key)).toBe(false);
  });

  it("lets waiters go on when the first did not take the slot", async () => {
    const flights = new SlotFlights();
    const flight = flights.begin("k");
    const waiting = flights.wasTaken("k");
    flight.settle(false);
    expect(await waiting).toBe(false);
  });

  it("only coalesces kinds where one booking fills the slot", () => {
    expect(
      ["ONE_ON_ONE", "COLLECTIVE", "GROUP", "ROUND_ROBIN", "FLEXI"].map(SlotFlights.fillsSlot),
    ).toEqual([true, true, false, false, false]);
  });
});
