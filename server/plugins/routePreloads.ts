/** What the client build's `.vite/manifest.json` says of one source module. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export type ViteManifest = Record<string, ManifestChunk>;

/** The page's chunks beyond the shell, and the early entry's file for a booking page. */
export interface PagePreloads {
  files: string[];
  earlyScript: string | null;
}

/**
 * What a page needs beyond the shell: the route's page module with the chunks it imports and
 * the language's public catalog (for `<link rel="modulepreload">`), and for a booking page the
 * client's early entry (app/early.ts), which asks for the page's data before the libraries
 * have arrived. Without them in the page, the browser finds them only once the vendor and shell
 * chunks have downloaded and run, one round trip after (bench/client prints the waterfall).
 * What the index entry loads already is left out; a module missing from the manifest (a
 * development build) gives nothing.
 */
export function routePreloads(
  manifest: ViteManifest,
  route: { pageModule: string | undefined; booking: boolean },
  language: string,
): PagePreloads {
  const loaded = new Set<string>();
  const entry = manifest["index.html"];
  if (entry) {
    loaded.add(entry.file);
    for (const key of entry.imports ?? []) {
      const imported = manifest[key];
      if (imported) loaded.add(imported.file);
    }
  }
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (route.pageModule !== undefined) visit(`routes/${route.pageModule}.tsx`);
  visit(`locales/${language}.json?part=public`);
  const early = route.booking ? manifest["early.ts"] : undefined;
  return { files, earlyScript: early?.file ?? null };
}

/**
 * `html` with the early entry first in its head (async: it runs as soon as it has arrived, not
 * after the app's modules) and modulepreload links for `files` at the end of it.
 */
export function withPreloads(html: string, { files, earlyScript }: PagePreloads): string {
  let page = html;
  if (earlyScript !== null) {
    page = page.replace(
      "<head>",
      `<head>\n    <script type="module" async crossorigin src="/${encodeURI(earlyScript)}"></script>`,
    );
  }
  if (files.length === 0) return page;
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin href="/${encodeURI(file)}">`)
    .join("\n    ");
  return page.replace("</head>", `  ${links}\n  </head>`);
}
