import { describe, expect, it } from "vitest";
import { matchesZoneQuery, zoneQueryRank, zoneSearchText } from "./zoneSearch";

const JAN = Date.UTC(2027, 0, 15);
const zones = [
  "Asia/Kolkata",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "Asia/Tehran",
  "Europe/Berlin",
];

function find(query: string, locale = "en") {
  const regions = new Intl.DisplayNames([locale], { type: "region" });
  return zones.filter((zone) =>
    matchesZoneQuery(zoneSearchText(zone, locale, JAN, regions), query),
  );
}

describe("zone search", () => {
  it("finds a zone by its country, its common name, its city with or without accents", () => {
    expect(find("India")).toEqual(["Asia/Kolkata"]);
    expect(find("Pacific Time")).toEqual(["America/Los_Angeles"]);
    expect(find("São Paulo")).toEqual(["America/Sao_Paulo"]);
    expect(find("sao paulo")).toEqual(["America/Sao_Paulo"]);
    expect(find("Tehran")).toEqual(["Asia/Tehran"]);
    expect(find("Iran")).toEqual(["Asia/Tehran"]);
  });

  it("speaks the page's language", () => {
    expect(find("Indien", "de")).toEqual(["Asia/Kolkata"]);
    expect(find("Deutschland", "de")).toEqual(["Europe/Berlin"]);
    expect(find("Allemagne", "fr")).toEqual(["Europe/Berlin"]);
  });

  it("finds old names under their current zone", () => {
    const regions = new Intl.DisplayNames(["en"], { type: "region" });
    expect(matchesZoneQuery(zoneSearchText("Asia/Calcutta", "en", JAN, regions), "India")).toBe(
      true,
    );
  });

  it("needs every word, and finds all for an empty query", () => {
    expect(find("India Pacific")).toEqual([]);
    expect(find("  ")).toEqual(zones);
  });

  it("ranks whole-word matches first: India before Indiana", () => {
    const regions = new Intl.DisplayNames(["en"], { type: "region" });
    const text = (zone: string) => zoneSearchText(zone, "en", JAN, regions);
    expect(zoneQueryRank(text("Asia/Kolkata"), "India")).toBe(0);
    expect(zoneQueryRank(text("America/Indiana/Indianapolis"), "India")).toBe(1);
    expect(zoneQueryRank(text("America/Sao_Paulo"), "são paulo")).toBe(0);
  });
});
