import { describe, expect, it } from "vitest";
import { intlLocale } from "./intlLocale";

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

const languageOf = (path: string) => path.replace(/^.*\/(.+)\.json$/, "$1");
const placeholders = (value: unknown) =>
  [...String(value).matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/**
 * The keys `language` must have: en's, with each plural group (`x_one` + `x_other`) replaced
 * by `x_<category>` for every plural category of the language (i18next picks the suffix from
 * Intl.PluralRules).
 */
function expectedKeys(reference: Record<string, unknown>, language: string): string[] {
  const categories = new Intl.PluralRules(intlLocale(language)).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const [key] of leaves(reference)) {
    const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    if (!plural) keys.add(key);
    else for (const category of categories) keys.add(`${plural[1]}_${category}`);
  }
  return [...keys].sort();
}

// For the English form a plural key's placeholders come from, `x_other`.
const englishFormOf = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "_other");

// Pages load only their active catalog (no fallback language), so every catalog needs every key.
describe("locale catalogs", () => {
  const reference = catalogs["../locales/en.json"] ?? {};
  const english = new Map(leaves(reference));

  it("include en", () => {
    expect(english.size).toBeGreaterThan(0);
  });

  for (const [path, catalog] of Object.entries(catalogs)) {
    const language = languageOf(path);

    it(`${language} has the keys of en.json, with its own plural forms`, () => {
      const keys = leaves(catalog)
        .map(([key]) => key)
        .sort();
      expect(keys).toEqual(expectedKeys(reference, language));
    });

    it(`${language} has a non-empty string with English's placeholders for every key`, () => {
      for (const [key, value] of leaves(catalog)) {
        expect(typeof value === "string" && value.trim() !== "", key).toBe(true);
        const englishValue = english.get(key) ?? english.get(englishFormOf(key));
        const wanted = placeholders(englishValue);
        // A singular form ('one day', 'zwei Tage') may say the number in words.
        const mayOmitCount = /_(zero|one|two)$/.test(key);
        const wantedHere = mayOmitCount ? wanted.filter((name) => name !== "count") : wanted;
        const got = placeholders(value);
        const gotHere = mayOmitCount ? got.filter((name) => name !== "count") : got;
        expect(gotHere, `${language}: ${key}`).toEqual(wantedHere);
      }
    });
  }
});
