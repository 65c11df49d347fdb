/**
 * The interface language: the `language` cookie's value, else the first browser language
 * we have a catalog for (exact, then by primary subtag: `de-AT` → `de`), else en.
 */
export function detectLanguage(
  cookieLanguage: string | undefined,
  browserLanguages: readonly string[],
  available: readonly string[],
): string {
  for (const candidate of [cookieLanguage, ...browserLanguages]) {
    if (!candidate) continue;
    const code = candidate.trim().toLowerCase();
    if (available.includes(code)) return code;
    const primary = code.split("-")[0] ?? code;
    if (available.includes(primary)) return primary;
  }
  return "en";
}
