import { describe, expect, it } from "vitest";
import { decodeMessage } from "../issueMessage";
import { isSupportedDate, isSupportedInstant, UNSUPPORTED_DATE_MESSAGE } from "./supportedDates";

describe("isSupportedDate", () => {
  it("takes existing dates from 1970 to 9999", () => {
    for (const date of ["1970-01-01", "2026-11-23", "2028-02-29", "9999-12-31"]) {
      expect(isSupportedDate(date), date).toBe(true);
    }
  });

  it("refuses year 0, dates before 1970, nonexistent dates and other shapes", () => {
    for (const date of [
      "0000-01-01",
      "1969-12-31",
      "2027-02-29",
      "2026-13-01",
      "+10000-01-01",
      "",
      "2026-1-1",
    ]) {
      expect(isSupportedDate(date), date).toBe(false);
    }
  });

  it("says the range in its message", () => {
    expect(decodeMessage(UNSUPPORTED_DATE_MESSAGE)).toEqual({
      key: "time.useDateBetween",
      params: { earliest: "1970-01-01", latest: "9999-12-31" },
    });
  });
});

describe("isSupportedInstant", () => {
  it("takes ISO instants with Z or an offset within the range", () => {
    for (const text of [
      "2026-11-23T08:00:00Z",
      "2026-11-23T09:00+01:00",
      "1970-01-01T00:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
    ]) {
      expect(isSupportedInstant(text), text).toBe(true);
    }
  });

  it("refuses year 0, extended years, local times, nonexistent dates and what Date.parse guesses", () => {
    for (const text of [
      "0000-01-01T00:00:00Z",
      "-000001-01-01T00:00:00Z",
      "+275760-09-13T00:00:00Z",
      "1969-12-31T23:59:59Z",
      "2026-11-23T08:00:00",
      "2026-02-30T08:00:00Z",
      "1",
      "March 7",
      "2026-11-23",
    ]) {
      expect(isSupportedInstant(text), text).toBe(false);
    }
  });
});
