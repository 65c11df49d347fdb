import { intlLocale } from "./intlLocale";

/** A catalog: nested objects of texts, as i18next reads them. */
export type Catalog = Record<string, unknown>;

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** Every text of a catalog with its dotted key. */
export function leaves(catalog: Catalog, prefix = ""): [string, unknown][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? leaves(value as Catalog, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

/** The {{placeholder}} names of a text, sorted. */
export function placeholders(value: unknown): string[] {
  return [...String(value).matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
}

/**
 * The keys `language` must have: English's, with each plural group (`x_one` + `x_other`)
 * replaced by `x_<category>` for every plural category of the language (i18next picks the
 * suffix from Intl.PluralRules).
 */
export function expectedKeys(english: Catalog, language: string): string[] {
  const categories = new Intl.PluralRules(intlLocale(language)).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const [key] of leaves(english)) {
    const plural = PLURAL.exec(key);
    if (!plural) keys.add(key);
    else for (const category of categories) keys.add(`${plural[1]}_${category}`);
  }
  return [...keys].sort();
}

/**
 * What is wrong with `catalog` as the `language` counterpart of `english`: keys missing or
 * extra, empty texts, placeholders missing or added. A singular form ('one day', 'zwei Tage')
 * may say the number in words, so `_zero`, `_one` and `_two` may leave out {{count}}.
 */
export function catalogProblems(english: Catalog, catalog: Catalog, language: string): string[] {
  const problems: string[] = [];
  const wanted = expectedKeys(english, language);
  const texts = new Map(leaves(catalog));
  for (const key of wanted) if (!texts.has(key)) problems.push(`missing ${key}`);
  for (const key of texts.keys()) if (!wanted.includes(key)) problems.push(`extra ${key}`);

  const englishTexts = new Map(leaves(english));
  for (const [key, value] of texts) {
    if (typeof value !== "string" || value.trim() === "") {
      problems.push(`empty ${key}`);
      continue;
    }
    const englishValue = englishTexts.get(key) ?? englishTexts.get(key.replace(PLURAL, "$1_other"));
    if (englishValue === undefined) continue;
    const mayOmitCount = /_(zero|one|two)$/.test(key);
    const without = (names: string[]) =>
      mayOmitCount ? names.filter((name) => name !== "count") : names;
    const want = without(placeholders(englishValue)).join(", ");
    const got = without(placeholders(value)).join(", ");
    if (want !== got) problems.push(`placeholders of ${key}: {${got}} instead of {${want}}`);
  }
  return problems;
}
