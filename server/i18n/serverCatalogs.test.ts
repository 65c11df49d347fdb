import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../core/accounts/accountSchemas";
import { type Catalog, catalogProblems, leaves } from "../../core/i18n/catalogRules";
import { NAMESPACES, readServerCatalogs } from "./serverI18n";

const catalogs = readServerCatalogs();
const read = (language: string, namespace: string) =>
  (catalogs[language]?.[namespace] as Catalog | undefined) ?? null;

// English is only the fallback for a key a newer version added: every language has them all.
describe("server catalogs", () => {
  for (const namespace of NAMESPACES) {
    const english = read("en", namespace) ?? {};

    it(`en has ${namespace}`, () => {
      expect(leaves(english).length).toBeGreaterThan(0);
    });

    for (const language of LANGUAGES.filter((language) => language !== "en")) {
      it(`${language}/${namespace}.json has English's keys in its own plural forms and placeholders`, () => {
        const catalog = read(language, namespace);
        expect(catalog, `server/locales/${language}/${namespace}.json`).not.toBeNull();
        expect(catalogProblems(english, catalog ?? {}, language)).toEqual([]);
      });
    }
  }
});
