// The client's own catalogs (bundled into the server build, as the runtime image has no app/
// folder): the server writes the booking page's first month in the words the client would.
import ar from "../../../app/locales/ar.json" with { type: "json" };
import de from "../../../app/locales/de.json" with { type: "json" };
import deDu from "../../../app/locales/de-du.json" with { type: "json" };
import en from "../../../app/locales/en.json" with { type: "json" };
import es from "../../../app/locales/es.json" with { type: "json" };
import fa from "../../../app/locales/fa.json" with { type: "json" };
import fi from "../../../app/locales/fi.json" with { type: "json" };
import fr from "../../../app/locales/fr.json" with { type: "json" };
import nl from "../../../app/locales/nl.json" with { type: "json" };
import pl from "../../../app/locales/pl.json" with { type: "json" };
import type { Language } from "../../../core/accounts/accountSchemas";

type Catalog = { [key: string]: string | Catalog };

const catalogs: Record<Language, Catalog> = {
  en,
  de,
  "de-du": deDu,
  nl,
  fi,
  es,
  pl,
  fr,
  ar,
  fa,
} as Record<Language, Catalog>;

/** What `t` takes: i18next's `{{name}}` values, and `count` for the plural form. */
export type TranslateValues = Record<string, string | number>;
export type Translate = (key: string, values?: TranslateValues) => string;

function lookUp(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The client catalogs' `t` for `language`, as i18next reads them: a `count` picks the key's
 * plural form by the language's rules (`_one`, `_other`, Arabic's `_zero` … `_many`), `{{name}}`
 * is replaced by its value, and a key the language lacks falls back to English.
 */
export function clientTranslator(language: Language): Translate {
  const plural = new Intl.PluralRules(language === "de-du" ? "de" : language);
  const find = (key: string, count: number | undefined) => {
    for (const catalog of [catalogs[language], catalogs.en]) {
      if (count !== undefined) {
        const form = lookUp(catalog, `${key}_${plural.select(count)}`);
        if (form !== undefined) return form;
        const other = lookUp(catalog, `${key}_other`);
        if (other !== undefined) return other;
      }
      const text = lookUp(catalog, key);
      if (text !== undefined) return text;
    }
    return key;
  };
  return (key, values = {}) => {
    const count = typeof values.count === "number" ? values.count : undefined;
    return find(key, count).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}
