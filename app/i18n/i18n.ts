import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from "i18next";

const catalogLoaders = import.meta.glob<ResourceKey>("../locales/*.json", { import: "default" });
const catalogPath = (language: string) => `../locales/${language}.json`;

/** Languages that have a catalog in app/locales/. */
export const availableLanguages: readonly string[] = Object.keys(catalogLoaders).map((path) =>
  path.replace(/^.*\/(.+)\.json$/, "$1"),
);

// Each catalog is its own chunk, so a page carries only its active language.
const catalogBackend: BackendModule = {
  type: "backend",
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    const load = catalogLoaders[catalogPath(language)];
    if (!load) {
      callback(new Error(`No catalog for language "${language}"`), false);
      return;
    }
    load().then(
      (catalog) => callback(null, catalog),
      (error: unknown) => {
        console.error(`Could not load the "${language}" catalog`, error);
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

/** A fresh i18next instance with the catalog of `language` loaded. */
export async function createI18n(language: string): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(catalogBackend).init({
    lng: language,
    supportedLngs: availableLanguages,
    // Catalogs are complete (see locales/catalogs.test.ts), so no second language is fetched.
    fallbackLng: false,
    load: "currentOnly",
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
  });
  return instance;
}
