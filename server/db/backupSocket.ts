import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import type { Database } from "./database";
import { writeBackup } from "./logicalBackup";

/** The socket file in DATA_DIR through which `npm run backup` asks a running PGlite server. */
export const BACKUP_SOCKET = "backup.sock";

/**
 * PGlite is one process's: while the server runs, nothing else can open its data directory. So
 * the server answers a connection to DATA_DIR/backup.sock (this user only, mode 0600) with a
 * backup taken in one transaction: other queries wait for it, the pause a backup costs.
 */
export async function serveBackups(
  database: Database,
  path: string,
  clock: () => Date,
  log: { warn(o: object, m: string): void },
): Promise<() => Promise<void>> {
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    socket.on("error", () => {});
    writeBackup(database, socket, clock()).catch((error) => {
      log.warn({ err: error }, "backup through the data directory's socket failed");
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(path, { force: true });
    });
}
