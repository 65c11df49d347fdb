import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { projectRoot } from "../projectRoot";
import { lockDataDir } from "./dataDirLock";

const linux = existsSync("/proc/self/stat");

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "slotted-lock-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A node process that locks `dir` with lockDataDir and then idles, started by `shell`. */
function holderScript(dir: string): string {
  const module = JSON.stringify(join(projectRoot, "server", "db", "dataDirLock.ts"));
  return `import { lockDataDir } from ${module}; lockDataDir(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000);`;
}

function nodeCommand(dir: string): string[] {
  return [process.execPath, "--import", "tsx", "--input-type=module", "-e", holderScript(dir)];
}

/** Starts `argv` and resolves once a holder in it printed "locked". */
async function startHolder(argv: string[]): Promise<ChildProcess> {
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      if (out.includes("locked")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return child;
}

function recordedPid(dir: string): number {
  return Number(readFileSync(join(dir, "slotted.pid"), "utf8").split("\n")[0]);
}

function procState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]!;
  } catch {
    return null;
  }
}

const ownStartTime = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
};
const ownBootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

describe("lockDataDir", () => {
  it("refuses a directory a live process holds, and takes it over at once after that process was killed with SIGKILL", async () => {
    const dir = dataDir();
    const holder = await startHolder(nodeCommand(dir));
    expect(recordedPid(dir)).toBe(holder.pid);
    expect(() => lockDataDir(dir)).toThrow(
      `another Slotted process (pid ${holder.pid}) is using ${dir}; stop it first, or set DATA_DIR or DATABASE_URL`,
    );

    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    const release = lockDataDir(dir);
    expect(recordedPid(dir)).toBe(process.pid);
    release();
    expect(existsSync(join(dir, "slotted.pid"))).toBe(false);
  }, 30_000);

  it.runIf(linux)(
    "takes over the lock of a zombie: a killed holder its parent has not reaped",
    async () => {
      const dir = dataDir();
      // sh starts the holder in the background and becomes `sleep`, which never reaps it.
      const quoted = nodeCommand(dir)
        .map((arg) => `'${arg.replaceAll("'", "'\\''")}'`)
        .join(" ");
      await startHolder(["/bin/sh", "-c", `${quoted} & exec sleep 60`]);
      const pid = recordedPid(dir);
      process.kill(pid, "SIGKILL");
      const deadline = Date.now() + 10_000;
      while (procState(pid) !== "Z") {
        if (Date.now() > deadline) throw new Error(`pid ${pid} did not become a zombie`);
        await new Promise((r) => setTimeout(r, 20));
      }

      const release = lockDataDir(dir);
      expect(recordedPid(dir)).toBe(process.pid);
      release();
    },
    30_000,
  );

  it.runIf(linux)("treats a live pid with another start time as a reused pid: stale", () => {
    const dir = dataDir();
    const reused = process.ppid;
    const other = String(Number(ownStartTime(reused)) + 1);
    writeFileSync(join(dir, "slotted.pid"), `${reused}\n${other}\n${ownBootId()}\n`);

    const release = lockDataDir(dir);
    expect(recordedPid(dir)).toBe(process.pid);
    release();
  });

  it.runIf(linux)(
    "treats a lock written in another boot as stale, whatever runs under its pid now",
    () => {
      const dir = dataDir();
      const reused = process.ppid;
      writeFileSync(
        join(dir, "slotted.pid"),
        `${reused}\n${ownStartTime(reused)}\n00000000-0000-4000-8000-000000000000\n`,
      );

      lockDataDir(dir)();
    },
  );

  it("refuses a lock whose pid, start time and boot match a live process, and one with a pid alone", () => {
    const dir = dataDir();
    const live = process.ppid;
    const exact = linux ? `${live}\n${ownStartTime(live)}\n${ownBootId()}\n` : `${live}\n`;
    for (const text of [exact, `${live}\n`]) {
      writeFileSync(join(dir, "slotted.pid"), text);
      expect(() => lockDataDir(dir)).toThrow(`another Slotted process (pid ${live}) is using`);
      expect(readFileSync(join(dir, "slotted.pid"), "utf8")).toBe(text);
    }
  });

  it("takes over an empty or garbled lock file, and its release leaves another process's lock alone", () => {
    const dir = dataDir();
    for (const text of ["", "not a pid\n"]) {
      writeFileSync(join(dir, "slotted.pid"), text);
      lockDataDir(dir)();
    }
    const release = lockDataDir(dir);
    // Taken over meanwhile by a process that judged this one gone.
    writeFileSync(join(dir, "slotted.pid"), `${process.ppid}\n`);
    release();
    expect(recordedPid(dir)).toBe(process.ppid);
  });
});
