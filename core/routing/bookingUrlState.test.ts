import { describe, expect, it } from "vitest";
import { readBookingUrl, withBookingUrl } from "./bookingUrlState";

describe("readBookingUrl", () => {
  it("reads month, date, slot and duration", () => {
    expect(
      readBookingUrl("?month=2027-01&date=2027-01-15&slot=2027-01-15T09:00:00.000Z&duration=45"),
    ).toEqual({
      month: "2027-01",
      date: "2027-01-15",
      slot: "2027-01-15T09:00:00.000Z",
      duration: 45,
    });
  });

  it("takes a Persian month and a slot with an offset", () => {
    const state = readBookingUrl("month=p1405-09&slot=2026-11-30T10:30:00%2B03:30");
    expect(state.month).toBe("p1405-09");
    expect(state.slot).toBe("2026-11-30T10:30:00+03:30");
  });

  it("ignores values that do not parse, as if absent", () => {
    expect(readBookingUrl("?month=2027-13&date=2027-02-30&slot=tomorrow&duration=-5")).toEqual({
      month: null,
      date: null,
      slot: null,
      duration: null,
    });
    expect(readBookingUrl("?duration=0&slot=2027-01-15")).toEqual({
      month: null,
      date: null,
      slot: null,
      duration: null,
    });
    expect(readBookingUrl("")).toEqual({ month: null, date: null, slot: null, duration: null });
  });
});

describe("withBookingUrl", () => {
  it("writes the state and leaves every other parameter as it was", () => {
    const search = "?name=Ada&utm_source=news&a1=yes";
    expect(withBookingUrl(search, { month: "2027-01", date: "2027-01-15" })).toBe(
      "?name=Ada&utm_source=news&a1=yes&month=2027-01&date=2027-01-15",
    );
  });

  it("removes what is set to null and keeps what is left out", () => {
    const search =
      "?month=2027-01&date=2027-01-15&slot=2027-01-15T09%3A00%3A00.000Z&hide_details=1";
    expect(withBookingUrl(search, { slot: null })).toBe(
      "?month=2027-01&date=2027-01-15&hide_details=1",
    );
    expect(withBookingUrl("?slot=x", { slot: null })).toBe("");
  });

  it("round-trips through readBookingUrl", () => {
    const state = {
      month: "2027-03",
      date: "2027-03-28",
      slot: "2027-03-28T01:30:00.000Z",
      duration: 90,
    };
    expect(readBookingUrl(withBookingUrl("?email=a%40b.example", state))).toEqual(state);
  });
});
