/** Sets a first-party cookie for the whole site for `maxAgeSeconds` (reads and writes the document). */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // SameSite=None would be needed for embedded pages to keep cookies across sites, and it
  // requires Secure; on plain http (self-hosted inside a network) Lax is what browsers accept.
  const sameSite = secure ? "None" : "Lax";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=${sameSite}${secure}`;
}
