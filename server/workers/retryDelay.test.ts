import { describe, expect, it } from "vitest";
import { retryDelay } from "./retryDelay";

describe("retryDelay", () => {
  it("doubles from the base and stops at the cap", () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelay(n, 1000, 5000))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });
});
