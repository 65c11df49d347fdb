/** A username derived from a display name: lowercase ASCII letters and digits joined by dashes. */
export function suggestUsername(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
