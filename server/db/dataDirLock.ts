import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Who holds a lock: a pid, and on Linux when that process started and in which boot. */
interface Holder {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: clock ticks from boot to the process's start. */
  startTime: string | null;
  bootId: string | null;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function bootId(): string | null {
  return readOrNull("/proc/sys/kernel/random/boot_id")?.trim() || null;
}

/** State and start time of a process from /proc, or null when it is gone (or not Linux). */
function procStat(pid: number): { state: string; startTime: string } | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0]!, startTime: fields[19]! };
}

function current(): Holder {
  return {
    pid: process.pid,
    startTime: procStat(process.pid)?.startTime ?? null,
    bootId: bootId(),
  };
}

function parse(text: string): Holder | null {
  const [pid, startTime, boot] = text.split("\n").map((line) => line.trim());
  const number = Number(pid);
  if (!Number.isInteger(number) || number <= 0) return null;
  return { pid: number, startTime: startTime || null, bootId: boot || null };
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the process that wrote `holder` still runs. A pid alone is not enough: after a crash
 * the pid may be a zombie nobody reaped, and after a restart or reboot the same number may
 * belong to another process (in a container the server gets the same low pid every time), so
 * on Linux the start time and boot id it recorded must match too.
 */
export function holderAlive(holder: Holder): boolean {
  if (holder.bootId !== null) {
    const boot = bootId();
    if (boot !== null && boot !== holder.bootId) return false;
  }
  const stat = procStat(holder.pid);
  if (stat === null) {
    // Gone, or hidden from us (/proc mounted with hidepid; no /proc at all off Linux): the pid
    // is all there is to go by.
    return signalable(holder.pid);
  }
  if (stat.state === "Z" || stat.state === "X") return false;
  return holder.startTime === null || holder.startTime === stat.startTime;
}

function describe(holder: Holder): string {
  return `${holder.pid}\n${holder.startTime ?? ""}\n${holder.bootId ?? ""}\n`;
}

/**
 * Claims DATA_DIR for this process. PGlite is a single-process database: a second process
 * on the same directory would corrupt it, so it is refused with a clear message instead.
 * Returns the release function. A lock whose process is gone, a zombie, or another process
 * that reuses its pid is taken over at once, so a restart after a crash or a reboot just works.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, "slotted.pid");
  const me = current();
  const mine = describe(me);
  // Written aside and linked into place, so the lock never exists half-written.
  const draft = join(dataDir, `slotted.pid.${process.pid}.tmp`);
  writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, file);
        return () => {
          // Only our own lock: never one a later process took over.
          if (readOrNull(file) === mine) rmSync(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const text = readOrNull(file);
      if (text === null) continue;
      const holder = parse(text);
      if (holder !== null && holder.pid !== process.pid && holderAlive(holder)) {
        throw new Error(
          `another Slotted process (pid ${holder.pid}) is using ${dataDir}; stop it first, or set DATA_DIR or DATABASE_URL`,
        );
      }
      takeOver(file, text);
    }
    throw new Error(`cannot lock ${dataDir}`);
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Removes the stale lock `file` that read `text`. It is moved aside first and checked, so two
 * processes starting at once cannot both remove a lock and one of them the other's new one.
 */
function takeOver(file: string, text: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (readOrNull(aside) !== text) {
    // Another starter replaced the stale lock meanwhile: put its lock back; if that fails a
    // third one holds the name now, and the next attempt will judge that one.
    try {
      linkSync(aside, file);
    } catch {
      // see above
    }
  }
  unlinkSync(aside);
}
