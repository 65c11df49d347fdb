import { describe, expect, it } from "vitest";
import { message } from "../messages";
import { GUESTS_MAX } from "./bookingFormLimits";
import { checkGuests } from "./checkGuests";

describe("checkGuests", () => {
  const guests = (n: number) => Array.from({ length: n }, (_, i) => `g${i}@example.com`);

  it("takes up to GUESTS_MAX valid addresses", () => {
    expect(checkGuests([])).toBeNull();
    expect(checkGuests(guests(GUESTS_MAX))).toBeNull();
  });

  it("refuses too many guests, then names the first invalid address, isolated", () => {
    expect(checkGuests(guests(GUESTS_MAX + 1))).toEqual(
      message("fields.atMostGuests", { count: GUESTS_MAX }),
    );
    expect(checkGuests(["a@example.com", "nope", "neither"])).toEqual(
      message("fields.invalidGuestEmail", { address: "\u2068nope\u2069" }),
    );
  });
});
