/** The Intl locale of an interface language: de-du (informal German) formats as de. */
export function intlLocale(language: string): string {
  return language.toLowerCase() === "de-du" ? "de" : language;
}
