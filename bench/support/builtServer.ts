// The server as `npm start` builds it, client included, for the benches that measure pages in
// a browser.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildClient, buildServer } from "../../scripts/build.mjs";
import { projectRoot } from "../../server/projectRoot";
import { freePort } from "../../server/test/freePort";
import { type Server, startServer } from "./benchServer";

/**
 * Builds what is stale of dist/ (client and server) and starts dist/server/main.js on a free
 * loopback port, on a fresh PGlite in a temporary data directory that `stop()` removes.
 */
export async function startBuiltServer(name: string): Promise<Server> {
  await buildClient();
  await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), `slotted-bench-${name}-`));
  const port = await freePort();
  try {
    const server = await startServer(
      join(projectRoot, "dist", "server", "main.js"),
      {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      port,
    );
    return {
      ...server,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
