import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from "i18next";
import { localNumbers } from "../../core/i18n/localNumbers";

type CatalogLoaders = Record<string, () => Promise<ResourceKey>>;

// Each catalog is split in two chunks per language (scripts/catalogParts.mjs): the public part
// every page needs and the host pages' part, so the booking page carries neither other
// languages nor the dashboard's text.
const publicLoaders: CatalogLoaders = import.meta.glob<ResourceKey>("../locales/*.json", {
  query: "?part=public",
  import: "default",
});
const hostLoaders: CatalogLoaders = import.meta.glob<ResourceKey>("../locales/*.json", {
  query: "?part=host",
  import: "default",
});

const languageOf = (path: string) => path.replace(/^.*\/(.+)\.json(\?.*)?$/, "$1");
const loaderFor = (loaders: CatalogLoaders, language: string) =>
  Object.entries(loaders).find(([path]) => languageOf(path) === language)?.[1];

/** Languages that have a catalog in app/locales/. */
export const availableLanguages: readonly string[] = Object.keys(publicLoaders).map(languageOf);

// Once a host page has loaded, every language read later includes the host part too.
let hostPartWanted = false;
const instances = new Set<I18n>();
// A namespace that only records that the host part was added to a language.
const hostMarker = "host-part-loaded";

async function loadCatalog(language: string): Promise<ResourceKey> {
  const loadPublic = loaderFor(publicLoaders, language);
  if (!loadPublic) throw new Error(`No catalog for language "${language}"`);
  const loadHost = hostPartWanted ? loaderFor(hostLoaders, language) : undefined;
  const [publicPart, hostPart] = await Promise.all([loadPublic(), loadHost?.()]);
  return { ...(publicPart as object), ...(hostPart as object | undefined) };
}

const catalogBackend: BackendModule = {
  type: "backend",
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    loadCatalog(language).then(
      (catalog) => callback(null, catalog),
      (error: unknown) => {
        console.error(`Could not load the "${language}" catalog`, error);
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

/** A fresh i18next instance with the (public part of the) catalog of `language` loaded. */
export async function createI18n(language: string): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(catalogBackend)
    .use(localNumbers)
    .init({
      lng: language,
      supportedLngs: availableLanguages,
      // Catalogs are complete (see locales/catalogs.test.ts), so no second language is fetched.
      fallbackLng: false,
      load: "currentOnly",
      lowerCaseLng: true,
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
  instances.add(instance);
  // A host page asked for its part while this instance was being made.
  if (hostPartWanted) await addHostPart(instance);
  return instance;
}

async function addHostPart(instance: I18n): Promise<void> {
  const { language } = instance;
  const load = loaderFor(hostLoaders, language);
  if (!load || instance.hasResourceBundle(language, hostMarker)) return;
  try {
    instance.addResourceBundle(language, "translation", await load(), true, false);
    instance.addResourceBundle(language, hostMarker, {});
  } catch (error) {
    console.error(`Could not load the "${language}" catalog`, error);
  }
}

/**
 * Adds the host pages' part of the catalog to every instance, and to those created later
 * (home and dashboard call it while their chunks load).
 */
export async function loadHostCatalog(): Promise<void> {
  hostPartWanted = true;
  await Promise.all([...instances].map(addHostPart));
}
