import type { Plugin } from "vite";

/** Top-level catalog namespaces only the host's pages (home, sign-in, dashboard) use. */
export const HOST_NAMESPACES: readonly string[];
/** Serves `app/locales/xx.json?part=public|host`: the catalog without, or with only, those namespaces. */
export function catalogParts(): Plugin;
