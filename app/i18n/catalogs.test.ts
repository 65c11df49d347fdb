import { describe, expect, it } from "vitest";

const catalogs = import.meta.glob<Record<string, unknown>>("../locales/*.json", {
  eager: true,
  import: "default",
});

function leaves(catalog: Record<string, unknown>, prefix = ""): [string, unknown][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? leaves(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const keysOf = (catalog: Record<string, unknown>) =>
  leaves(catalog)
    .map(([key]) => key)
    .sort();

// Pages load only their active catalog (no fallback language), so every catalog needs every key.
describe("locale catalogs", () => {
  const reference = catalogs["../locales/en.json"] ?? {};

  it("include en", () => {
    expect(keysOf(reference).length).toBeGreaterThan(0);
  });

  for (const [path, catalog] of Object.entries(catalogs)) {
    it(`${path} has exactly the keys of en.json, each a non-empty string`, () => {
      expect(keysOf(catalog)).toEqual(keysOf(reference));
      for (const [key, value] of leaves(catalog)) {
        expect(typeof value === "string" && value.trim() !== "", key).toBe(true);
      }
    });
  }
});
