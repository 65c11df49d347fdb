import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import i18next, { type Resource } from "i18next";
import { LANGUAGES, type Language } from "../../core/accounts/accountSchemas";
import { localNumbers } from "../../core/i18n/localNumbers";
import { projectRoot } from "../projectRoot";

/**
 * The server's catalogs, `server/locales/<language>/<namespace>.json` (i18next's own layout):
 * API messages, mails, and the names of things the server creates for a host.
 */
export const NAMESPACES = ["errors", "mail", "defaults"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const localesFolder = join(projectRoot, "server", "locales");

/** Reads every catalog once; a missing file is left out (the catalog test demands it exists). */
export function readServerCatalogs(folder = localesFolder): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    for (const namespace of NAMESPACES) {
      const path = join(folder, language, `${namespace}.json`);
      if (!existsSync(path)) continue;
      resources[language] ??= {};
      resources[language][namespace] = JSON.parse(readFileSync(path, "utf8"));
    }
  }
  return resources;
}

const i18n = i18next.createInstance();
void i18n.use(localNumbers).init({
  resources: readServerCatalogs(),
  lng: "en",
  supportedLngs: LANGUAGES,
  lowerCaseLng: true,
  // de-du falls back to de, everything to en, should a key ever be missing.
  fallbackLng: { "de-du": ["de", "en"], default: ["en"] },
  ns: NAMESPACES,
  defaultNS: "errors",
  initAsync: false,
  // Mails escape through html``, API answers are JSON: nothing is HTML here.
  interpolation: { escapeValue: false, alwaysFormat: true },
});

/** The language a stored or sent value names, else null. */
export function toLanguage(value: unknown): Language | null {
  if (typeof value !== "string") return null;
  const lower = value.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lower) ? (lower as Language) : null;
}

/**
 * A catalog text by key, `{{placeholders}}` filled in, the plural form picked by `count`.
 * Keys are plain strings here: the i18next key types of app/i18n describe the client's catalog.
 */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** `t` for one language and namespace; unknown languages get English. */
export function translator(language: string, namespace: Namespace): Translate {
  const t = i18n.getFixedT(toLanguage(language) ?? "en", namespace as never);
  const call = t as unknown as (key: string, params?: object) => unknown;
  return (key, params) => String(call(key, params));
}

/** The English catalog of a namespace, as loaded. */
export function englishCatalog(namespace: Namespace): Record<string, unknown> {
  return (i18n.getResourceBundle("en", namespace) as Record<string, unknown> | undefined) ?? {};
}
