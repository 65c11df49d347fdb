import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { localToInstant } from "./localToInstant";
import type { Edge } from "./offsetTimeline";

describe("localToInstant", () => {
  it.each<[string, string, string, Edge, string]>([
    ["Europe/Berlin", "2027-06-01", "09:00", "start", "2027-06-01T07:00:00Z"],
    ["Europe/Berlin", "2027-06-01", "24:00", "end", "2027-06-01T22:00:00Z"],
    ["Europe/Berlin", "2027-03-28", "02:30", "start", "2027-03-28T01:00:00Z"],
    ["Europe/Berlin", "2027-03-28", "02:30", "end", "2027-03-28T01:00:00Z"],
    ["Europe/Berlin", "2027-10-31", "02:30", "start", "2027-10-31T00:30:00Z"],
    ["Europe/Berlin", "2027-10-31", "02:30", "end", "2027-10-31T01:30:00Z"],
    ["America/New_York", "2027-03-14", "02:00", "start", "2027-03-14T07:00:00Z"],
    ["America/New_York", "2027-11-07", "01:00", "start", "2027-11-07T05:00:00Z"],
    ["America/New_York", "2027-11-07", "01:00", "end", "2027-11-07T06:00:00Z"],
    ["Asia/Kolkata", "2027-01-15", "00:00", "start", "2027-01-14T18:30:00Z"],
    ["Pacific/Kiritimati", "2027-01-15", "00:00", "start", "2027-01-14T10:00:00Z"],
    ["Pacific/Pago_Pago", "2027-01-15", "00:00", "start", "2027-01-15T11:00:00Z"],
    ["UTC", "2027-01-15", "12:34", "start", "2027-01-15T12:34:00Z"],
  ])("%s %s %s (%s) is %s", (zone, date, time, edge, iso) => {
    expect(localToInstant(zone, date, time, edge)).toBe(Date.parse(iso));
  });

  it.each([
    ["Mars/Olympus", "2027-01-15", "09:00"],
    ["Europe/Berlin", "2027-02-30", "09:00"],
    ["Europe/Berlin", "2027-01-15", "9:00"],
  ])("throws VALIDATION for %s %s %s", (zone, date, time) => {
    expect(() => localToInstant(zone, date, time)).toThrow(DomainError);
  });
});
