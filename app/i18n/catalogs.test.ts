import { describe, expect, it } from "vitest";
import { type Catalog, catalogProblems, leaves } from "../../core/i18n/catalogRules";

const catalogs = import.meta.glob<Catalog>("../locales/*.json", {
  eager: true,
  import: "default",
});

const languageOf = (path: string) => path.replace(/^.*\/(.+)\.json$/, "$1");

// Pages load only their active catalog (no fallback language), so every catalog needs every key.
describe("locale catalogs", () => {
  const english = catalogs["../locales/en.json"] ?? {};

  it("include en", () => {
    expect(leaves(english).length).toBeGreaterThan(0);
  });

  for (const [path, catalog] of Object.entries(catalogs)) {
    const language = languageOf(path);
    it(`${language} has English's keys in its own plural forms, each text with English's placeholders`, () => {
      expect(catalogProblems(english, catalog, language)).toEqual([]);
    });
  }
});
