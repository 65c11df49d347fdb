import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type ClientRouteName, matchClientRoute } from "../../core/routing/clientRoutes";
import { BOOKING_ROUTES, ROUTE_PAGES } from "../../core/routing/routePages";
import { requestLanguage } from "../i18n/requestLanguage";
import { projectRoot } from "../projectRoot";
import { routePreloads, type ViteManifest, withPreloads } from "./routePreloads";

export const clientDir = join(projectRoot, "dist", "app");

export interface ClientAppOptions {
  /** Whether the client page at a path shows something; false answers 404. */
  pageExists: (pathname: string) => Promise<boolean>;
  /**
   * A booking page's first screen and the data it was drawn from, for the server to send inside
   * the page (server/routes/clientPages/firstMonth.ts); null for a page without one.
   */
  firstScreen?: (request: FastifyRequest, pathname: string) => Promise<FirstScreen | null>;
  /** PUBLIC_URL, written into every page for the links it shows (app/lib/publicUrl.ts). */
  publicUrl?: string;
}

/** What a page carries when the server has drawn its first screen. */
export interface FirstScreen {
  /** The markup inside #root, which the client's first render replaces. */
  markup: string;
  /** The inlined API answers (a script element of JSON) the client starts from. */
  dataScript: string;
  language: string;
  direction: "ltr" | "rtl";
  /** Escaped for HTML. */
  title: string;
  embedded: boolean;
  /** CSS properties for <html> (the page's colours), already safe in an attribute. */
  style: string;
  /** The page background, for the theme-color meta. */
  background: string;
  /** It depends on the invitee's stored choices: private to their browser. */
  personal: boolean;
  /** It holds the invitee's own data (their booking): private to their browser, never stored. */
  invitee?: boolean;
}

/** `html` (index.html) with the first screen in its #root, its language, direction and title. */
export function withFirstScreen(html: string, screen: FirstScreen): string {
  const htmlClass = screen.embedded ? ` class="embedded"` : "";
  const style = screen.style ? ` style="${screen.style}"` : "";
  return (
    html
      .replace(
        '<html lang="en" dir="ltr">',
        `<html lang="${screen.language}" dir="${screen.direction}"${htmlClass}${style}>`,
      )
      .replace(
        '<meta name="theme-color" content="#F2F4F7" />',
        () => `<meta name="theme-color" content="${screen.background}" />`,
      )
      .replace("<title>Slotted</title>", () => `<title>${screen.title}</title>`)
      // The first screen needs the stylesheet, not the scripts: it goes first, and the scripts
      // (which take the page over) yield the slow link to it (bench/client's waterfall).
      .replace(/(<title>[\s\S]*?<\/title>)([\s\S]*?)(\s*<link rel="stylesheet"[^>]*>)/, "$1$3$2")
      .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ')
      .replaceAll(
        '<script type="module" crossorigin ',
        '<script type="module" fetchpriority="low" crossorigin ',
      )
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${screen.markup}</div>\n    ${screen.dataScript}`,
      )
  );
}

/**
 * How a page with a first screen may be cached: invitee choices (zone, calendar, time format
 * cookies) never go to a shared cache, and an invitee's booking (a reschedule link's page) is
 * not kept at all; other pages are checked again on each use (their times change).
 */
export function pageCacheControl(screen: Pick<FirstScreen, "invitee" | "personal">): string {
  if (screen.invitee) return "private, no-store";
  return screen.personal ? "private, no-cache" : "no-cache";
}

/** `html` naming the address the product is published at, for the links the client shows. */
export function withPublicUrl(html: string, publicUrl: string): string {
  const content = publicUrl
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;");
  return html.replace(
    "</head>",
    () => `  <meta name="slotted-public-url" content="${content}" />\n  </head>`,
  );
}

/**
 * Serves the built React client: hashed assets cached for a year, and index.html for every
 * other GET so the client's router shows the spec's routes (and its own not-found page). A path
 * that names nothing (`pageExists` says which) gets the same page with status 404, so crawlers
 * and link checkers see what a person sees. Each page names its route's chunks and its
 * language's catalog for the browser to fetch at once (routePreloads.ts).
 */
export const clientApp = fp(async (app: FastifyInstance, options: ClientAppOptions) => {
  const indexFile = join(clientDir, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn("the client is not built (dist/app); run npm run build");
    return;
  }
  const builtHtml = readFileSync(indexFile, "utf8");
  const indexHtml = options.publicUrl ? withPublicUrl(builtHtml, options.publicUrl) : builtHtml;
  const manifestFile = join(clientDir, ".vite", "manifest.json");
  const manifest: ViteManifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, "utf8"))
    : {};
  // One page per route module and language: a handful of strings, built on first use.
  const pages = new Map<string, string>();
  // A page whose first screen came with it needs no early requests (app/early.ts).
  const pageHtml = (route: ClientRouteName, language: string, early = true) => {
    const pageModule = ROUTE_PAGES[route];
    const booking = early && BOOKING_ROUTES.has(route);
    const key = `${pageModule ?? ""}:${booking}:${language}`;
    let html = pages.get(key);
    if (html === undefined) {
      html = withPreloads(indexHtml, routePreloads(manifest, { pageModule, booking }, language));
      pages.set(key, html);
    }
    return html;
  };
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // Our own cache-control below; the plugin would otherwise overwrite it with max-age=0.
    cacheControl: false,
    // The build's Brotli and gzip copies (scripts/precompress.mjs), smaller than on the fly.
    preCompressed: true,
    // They are found beside the file each serves, with no routes of their own: half the routes
    // fewer to add at every start (bench/startup.ts, server CPU).
    globIgnore: ["**/*.br", "**/*.gz"],
    setHeaders(res, path) {
      const immutable = path.includes(`${join(clientDir, "assets")}`);
      res.setHeader(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
      );
      // The same path answers Brotli, gzip or plain bytes by the request's Accept-Encoding.
      res.setHeader("vary", "accept-encoding");
      // Host sites load the embed script from their own origin (docs/embedding.md).
      if (path.replace(/\.(br|gz)$/, "").endsWith(`${join(clientDir, "embed.js")}`)) {
        res.setHeader("cross-origin-resource-policy", "cross-origin");
      }
    },
  });
  const sendIndex = (request: FastifyRequest, reply: FastifyReply, pathname = "/") => {
    const route = matchClientRoute(pathname).name;
    return (
      reply
        .header("cache-control", "no-cache")
        // The preloaded catalog follows the language cookie and Accept-Language.
        .header("vary", "Cookie, Accept-Language")
        .type("text/html; charset=utf-8")
        .send(pageHtml(route, requestLanguage(request)))
    );
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // The path without its query; a malformed escape names nothing.
    const pathname = request.url.split("?")[0] ?? "/";
    if (!(await options.pageExists(pathname))) {
      reply.status(404);
      return sendIndex(request, reply, pathname);
    }
    const screen = await firstScreenOf(request, pathname);
    if (screen === null) return sendIndex(request, reply, pathname);
    const route = matchClientRoute(pathname).name;
    return reply
      .header("cache-control", pageCacheControl(screen))
      .header("vary", "Cookie, Accept-Language")
      .type("text/html; charset=utf-8")
      .send(withFirstScreen(pageHtml(route, requestLanguage(request), false), screen));
  };
  // A first screen that fails to draw leaves the page as it was: the client draws it.
  const firstScreenOf = async (request: FastifyRequest, pathname: string) => {
    if (!options.firstScreen) return null;
    try {
      return await options.firstScreen(request, pathname);
    } catch (error) {
      request.log.error({ err: error }, "drawing the first screen of a page failed");
      return null;
    }
  };
  app.get("/", { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler((request, reply) => {
    // Every built file has its own route (wildcard: false), so an unknown asset is a real 404.
    if (
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/assets/")
    ) {
      return sendPage(request, reply);
    }
    return reply.status(404).send({ message: "Not found" });
  });
});
