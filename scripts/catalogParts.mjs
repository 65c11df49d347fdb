// A Vite plugin that splits each language catalog in two (app/i18n/i18n.ts loads them):
// `app/locales/xx.json?part=public` has every top-level namespace but the host pages' ones,
// `?part=host` only those, so invitees' pages never download the dashboard's text.
import { readFile } from "node:fs/promises";

/** Top-level catalog namespaces only the host's pages (home, sign-in, dashboard) use. */
export const HOST_NAMESPACES = ["home", "auth", "dashboard"];

export function catalogParts() {
  return {
    name: "slotted-catalog-parts",
    enforce: "pre",
    async load(id) {
      const match = /^(.+\.json)\?part=(public|host)$/.exec(id);
      if (!match) return null;
      const catalog = JSON.parse(await readFile(match[1], "utf8"));
      const wanted = match[2] === "host";
      const part = Object.entries(catalog).filter(
        ([key]) => HOST_NAMESPACES.includes(key) === wanted,
      );
      return `export default ${JSON.stringify(Object.fromEntries(part))};`;
    },
  };
}
