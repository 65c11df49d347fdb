// Builds what is missing or older than its sources: the client (Vite) into dist/app and
// the server (esbuild, dependencies left external) into dist/server. `--force` rebuilds.
// Run it as its own process (scripts/start.mjs does): Vite's build sets process.env.NODE_ENV.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { precompress } from "./precompress.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const force = process.argv.includes("--force");

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === "node_modules" || entry.startsWith(".")) continue;
        visit(join(path, entry));
      }
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

function stale(stamp, sources) {
  const stampPath = join(root, stamp);
  return force || !existsSync(stampPath) || statSync(stampPath).mtimeMs < newestMtime(sources);
}

const clientStale = () =>
  stale("dist/app/index.html", [
    "app",
    "core",
    "embed",
    "vite.config.ts",
    "scripts/catalogParts.mjs",
    "package-lock.json",
  ]);

const serverSources = ["server", "core", "package-lock.json"];
const serverStale = () =>
  stale("dist/server/main.js", serverSources) || stale("dist/server/backup.js", serverSources);

/**
 * Whether anything is to be built (always with `--force`). `npm start` asks this in its own
 * process and starts the build's process only when it is: a Node process of its own cost about
 * a tenth of a second of CPU at every start (bench/startup.ts).
 */
export const buildNeeded = () => clientStale() || serverStale();

export async function buildClient() {
  if (!clientStale()) return false;
  const { build } = await import("vite");
  await build({
    root: join(root, "app"),
    configFile: join(root, "vite.config.ts"),
    logLevel: "warn",
  });
  await buildEmbed();
  await precompress(join(root, "dist/app"));
  return true;
}

// The script host sites include to embed booking pages (docs/embedding.md): one small file
// without dependencies at /embed.js, so it is built apart from the app. Vite empties
// dist/app first, so this runs after it.
async function buildEmbed() {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [join(root, "embed/embed.ts")],
    outfile: join(root, "dist/app/embed.js"),
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    logLevel: "warning",
  });
}

/**
 * The server's entries: main.js, and each thread beside it (server/workers/startThread.ts starts
 * a thread from its own file next to the bundle).
 */
export function serverEntryPoints(root) {
  return {
    main: join(root, "server/main.ts"),
    mailSenderThread: join(root, "server/mail/mailSenderThread.ts"),
    changeWorkerThread: join(root, "server/bookingChanges/changeWorkerThread.ts"),
    // `npm run backup` and `npm run restore`.
    backup: join(root, "server/backup.ts"),
  };
}

export async function buildServer() {
  if (!serverStale()) return false;
  const { build } = await import("esbuild");
  await build({
    entryPoints: serverEntryPoints(root),
    outdir: join(root, "dist/server"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  for (const name of Object.keys(serverEntryPoints(root))) {
    assertAscii(join(root, "dist/server", `${name}.js`));
  }
  return true;
}

/**
 * V8 keeps a script's source for as long as the process runs, as one byte per character only
 * when every character is ASCII: one curly quote or dash in a kept comment or template doubles
 * the server's 2 MB source in memory. esbuild escapes string literals but keeps comments and
 * template text as written.
 */
function assertAscii(file) {
  const lines = readFileSync(file, "utf8").split("\n");
  const line = lines.findIndex((text) => /\P{ASCII}/u.test(text));
  if (line >= 0) {
    rmSync(file); // so that the next start builds again rather than run it
    throw new Error(
      `${file}:${line + 1} holds a non-ASCII character; write it in ASCII (or as an escape) in the source: ${lines[line].trim().slice(0, 120)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const [client, server] = [await buildClient(), await buildServer()];
  const built = [client && "client", server && "server"].filter(Boolean);
  // `--quiet` (npm start) says nothing when there was nothing to build.
  if (built.length)
    console.log(`slotted: built ${built.join(" and ")} in ${Date.now() - started} ms`);
  else if (!process.argv.includes("--quiet")) console.log("build is up to date");
}
