import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { computeAvailability } from "./computeAvailability";
import { isSlotAvailable } from "./isSlotAvailable";
import { buildAvailabilityInput, buildBusy, buildHost } from "./testing/buildAvailabilityInput";

describe("isSlotAvailable", () => {
  const input = buildAvailabilityInput({
    hosts: [buildHost({ busy: [buildBusy("2027-06-08T09:00:00Z", "2027-06-08T10:00:00Z")] })],
  });

  it.each([
    ["a free slot on the window's day", "2027-06-07T07:00:00Z", "09:00"],
    ["a free slot outside the window's dates", "2027-06-09T13:00:00Z", "15:00"],
  ])("returns %s", (_, start, localTime) => {
    expect(isSlotAvailable(input, Date.parse(start))).toMatchObject({
      start: Date.parse(start),
      localTime,
      hostIds: ["host-1"],
    });
  });

  it.each([
    ["off the grid", "2027-06-07T07:30:00Z"],
    ["outside working hours", "2027-06-07T05:00:00Z"],
    ["taken by an event", "2027-06-08T09:00:00Z"],
    ["on a day off", "2027-06-12T07:00:00Z"],
  ])("returns null %s", (_, start) => {
    expect(isSlotAvailable(input, Date.parse(start))).toBeNull();
  });

  it("returns null before the minimum notice", () => {
    const soon = { ...input, now: Date.parse("2027-06-07T06:30:00Z"), minimumNotice: 60 };
    expect(isSlotAvailable(soon, Date.parse("2027-06-07T07:00:00Z"))).toBeNull();
    expect(isSlotAvailable(soon, Date.parse("2027-06-07T08:00:00Z"))).not.toBeNull();
  });

  it("agrees with computeAvailability, seats included", () => {
    const group = buildAvailabilityInput({
      kind: "GROUP",
      seats: 4,
      hosts: [
        buildHost({
          busy: [
            buildBusy("2027-06-07T08:00:00Z", "2027-06-07T09:00:00Z", {
              eventId: "g",
              eventTypeId: "type-1",
              attendeeCount: 3,
            }),
          ],
        }),
      ],
    });
    const slots = computeAvailability(group).days.flatMap((d) => d.slots);
    expect(slots.length).toBe(8);
    for (const slot of slots) expect(isSlotAvailable(group, slot.start)).toEqual(slot);
    expect(isSlotAvailable(group, Date.parse("2027-06-07T08:00:00Z"))).toMatchObject({
      seatsLeft: 1,
      eventId: "g",
    });
  });

  it("throws VALIDATION on a start that is not an instant", () => {
    expect(() => isSlotAvailable(input, Number.NaN)).toThrow(DomainError);
  });
});
