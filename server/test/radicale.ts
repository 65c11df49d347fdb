import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./freePort";

// Debian's python3-radicale lives with Debian's Python, which may not be the first on PATH.
const PYTHON = process.env.RADICALE_PYTHON ?? "/usr/bin/python3";

export interface Radicale {
  url: string;
  /** Basic auth of the one user: Radicale here takes any password and owns `/{user}/`. */
  user: string;
  authorization: string;
  /** With `password`: changes the user's password (Radicale rereads its htpasswd file). */
  setPassword(password: string): void;
  stop(): Promise<void>;
}

export interface RadicaleOptions {
  /** Checks this password (htpasswd, plain); default: any password is taken. */
  password?: string;
}

/**
 * A real CalDAV server for a test: Radicale on a free loopback port with a temporary store.
 * Fails with what to install when Radicale is missing (`.ci/run` installs it).
 */
export async function startRadicale(options: RadicaleOptions = {}): Promise<Radicale> {
  try {
    execFileSync(PYTHON, ["-c", "import radicale"], { stdio: "ignore" });
  } catch {
    throw new Error(
      `Radicale is missing: install Debian's python3-radicale (apt-get install -y python3-radicale) for ${PYTHON}`,
    );
  }
  const folder = mkdtempSync(join(tmpdir(), "slotted-radicale-"));
  const port = await freePort();
  const user = "slotted";
  const htpasswd = join(folder, "htpasswd");
  const writePassword = (password: string) => writeFileSync(htpasswd, `${user}:${password}\n`);
  const auth =
    options.password === undefined
      ? ["--auth-type", "none"]
      : [
          "--auth-type",
          "htpasswd",
          "--auth-htpasswd-filename",
          htpasswd,
          "--auth-htpasswd-encryption",
          "plain",
          "--auth-delay",
          "0",
        ];
  if (options.password !== undefined) writePassword(options.password);
  let output = "";
  const child: ChildProcess = spawn(
    PYTHON,
    [
      "-m",
      "radicale",
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--storage-filesystem-folder",
      join(folder, "collections"),
      ...auth,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Radicale exited:\n${output}`);
    try {
      await fetch(`${url}/.web/`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Radicale did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    user,
    authorization: `Basic ${Buffer.from(`${user}:${options.password ?? "any"}`).toString("base64")}`,
    setPassword: writePassword,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Makes a calendar collection at `/{user}/{name}/` and answers its URL. */
export async function createCalendar(radicale: Radicale, name: string): Promise<string> {
  const calendar = `${radicale.url}/${radicale.user}/${name}/`;
  const response = await fetch(calendar, {
    method: "MKCALENDAR",
    headers: { authorization: radicale.authorization },
  });
  if (response.status !== 201) {
    throw new Error(`MKCALENDAR ${response.status}: ${await response.text()}`);
  }
  return calendar;
}
