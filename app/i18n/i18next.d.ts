import type en from "../locales/en.json";

// en.json is the reference catalog: t() only accepts its keys.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
