import { describe, expect, it } from "vitest";
import { bookingActions, noShowMarkable } from "./bookingActions";
import { attendeeFixture, bookingFixture } from "./bookingFixture";

const start = Date.parse("2026-03-02T09:00:00.000Z");
const minute = 60_000;

describe("bookingActions", () => {
  it("offers rescheduling and cancelling until the meeting ends", () => {
    const booking = bookingFixture();
    expect(bookingActions(booking, 0, start + 29 * minute).active).toBe(true);
    expect(bookingActions(booking, 0, start + 30 * minute).active).toBe(false);
    expect(bookingActions(bookingFixture({ status: "CANCELLED" }), 0, start).active).toBe(false);
  });

  it("moves a round-robin booking only when another host could take it", () => {
    const roundRobin = bookingFixture({
      eventType: { ...bookingFixture().eventType, kind: "ROUND_ROBIN" },
    });
    expect(bookingActions(roundRobin, 1, start).move).toBe(true);
    expect(bookingActions(roundRobin, 0, start).move).toBe(false);
    expect(bookingActions(bookingFixture(), 1, start).move).toBe(false);
  });

  it("refunds while some paid money is left", () => {
    const paid = (amount: number, refunded: number) =>
      bookingFixture({
        payments: [{ attendeeUuid: null, status: "PAID", amount, refunded, currency: "EUR" }],
      });
    expect(bookingActions(paid(500, 0), 0, start).refund).toBe(true);
    expect(bookingActions(paid(500, 500), 0, start).refund).toBe(false);
  });

  it("answers a request that has not ended yet", () => {
    const request = bookingFixture({ status: "PENDING_APPROVAL" });
    expect(bookingActions(request, 0, start - minute).answerRequest).toBe(true);
    expect(bookingActions(request, 0, start + 31 * minute).answerRequest).toBe(false);
  });
});

describe("noShowMarkable", () => {
  it("once the meeting has started, for a confirmed booking and invitee", () => {
    const booking = bookingFixture();
    const ida = attendeeFixture();
    expect(noShowMarkable(booking, ida, start - 1)).toBe(false);
    expect(noShowMarkable(booking, ida, start)).toBe(true);
    expect(noShowMarkable(booking, ida, start + 7 * 24 * 60 * minute)).toBe(true);
    expect(noShowMarkable(booking, attendeeFixture({ status: "CANCELLED" }), start)).toBe(false);
    expect(noShowMarkable(bookingFixture({ status: "CANCELLED" }), ida, start)).toBe(false);
  });
});
