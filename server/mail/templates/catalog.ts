import type { Language } from "../../../core/accounts/accountSchemas";

/** A template's strings per language; English is complete, others are added by the languages issue. */
export type Catalog<T> = { en: T } & Partial<Record<Language, T>>;

/** The strings of `language`, else its base language (de-du → de), else English. */
export function stringsFor<T>(catalog: Catalog<T>, language: string): T {
  const table = catalog as Partial<Record<string, T>>;
  return table[language] ?? table[language.split("-")[0]!] ?? catalog.en;
}

/** The BCP 47 locale for dates in mails of `language`. */
export function localeFor(language: string): string {
  return language === "de-du" ? "de" : language;
}
