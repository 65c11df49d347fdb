import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims DATA_DIR for this process. PGlite is a single-process database: a second process
 * on the same directory would corrupt it, so it is refused with a clear message instead.
 * Returns the release function; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, "slotted.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(
          `another Slotted process (pid ${pid}) is using ${dataDir}; stop it first, or set DATA_DIR or DATABASE_URL`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${dataDir}`);
}
