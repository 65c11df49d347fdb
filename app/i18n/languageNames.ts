/**
 * The interface languages (core/accounts LANGUAGES, in that order) by their own names, so a
 * reader finds theirs whatever language the page is in. Not in the catalogs: no translation.
 */
export const languageNames: Readonly<Record<string, string>> = {
  en: "English",
  de: "Deutsch",
  "de-du": "Deutsch (du)",
  nl: "Nederlands",
  fi: "Suomi",
  es: "Español",
  pl: "Polski",
  fr: "Français",
  ar: "العربية",
  fa: "فارسی",
};
