// The container's command (Dockerfile CMD): run the server built into dist/ as it is. Unlike
// `npm start` it builds nothing, so the app folder can be read-only; every setting comes from
// the environment at start (README's table) and every file it writes goes under DATA_DIR.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const main = fileURLToPath(new URL("../dist/server/main.js", import.meta.url));
if (!existsSync(main)) {
  console.error("slotted: dist/server is not built; run npm run build (the image does) first.");
  process.exit(1);
}
await import(main);
