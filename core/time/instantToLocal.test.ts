import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { instantToLocal } from "./instantToLocal";

describe("instantToLocal", () => {
  it.each([
    ["Europe/Berlin", "2027-10-31T00:30:00Z", "2027-10-31", "02:30", 120],
    ["Europe/Berlin", "2027-10-31T01:30:00Z", "2027-10-31", "02:30", 60],
    ["Europe/Berlin", "2027-03-28T01:00:00Z", "2027-03-28", "03:00", 120],
    ["America/New_York", "2027-11-07T06:30:00Z", "2027-11-07", "01:30", -300],
    ["Asia/Kolkata", "2027-01-14T18:30:00Z", "2027-01-15", "00:00", 330],
    ["Asia/Tehran", "2027-06-01T05:30:00Z", "2027-06-01", "09:00", 210],
    ["Pacific/Kiritimati", "2027-01-14T10:00:00Z", "2027-01-15", "00:00", 840],
    ["Pacific/Pago_Pago", "2027-01-14T10:00:00Z", "2027-01-13", "23:00", -660],
    ["Australia/Lord_Howe", "2027-04-03T15:15:00Z", "2027-04-04", "01:45", 630],
  ])("%s at %s is %s %s (%i)", (zone, iso, date, time, offsetMinutes) => {
    expect(instantToLocal(zone, Date.parse(iso))).toEqual({ date, time, offsetMinutes });
  });

  it("throws VALIDATION for an unknown zone or a non-instant", () => {
    expect(() => instantToLocal("Mars/Olympus", 0)).toThrow(DomainError);
    expect(() => instantToLocal("UTC", Number.NaN)).toThrow(DomainError);
  });
});
