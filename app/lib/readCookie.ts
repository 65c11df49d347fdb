/** The decoded value of cookie `name` in a `document.cookie`-style string, or undefined. */
export function readCookie(
  name: string,
  cookies: string = typeof document === "undefined" ? "" : document.cookie,
): string | undefined {
  for (const pair of cookies.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
