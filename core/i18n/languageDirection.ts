const leftToRight = new Set(["en", "de", "de-du", "nl", "fi", "es", "fr", "pl"]);

/** Text direction of an interface language: the spec lists the ltr ones; all others (ar, fa) are rtl. */
export function languageDirection(language: string): "ltr" | "rtl" {
  return leftToRight.has(language.toLowerCase()) ? "ltr" : "rtl";
}
