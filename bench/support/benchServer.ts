// What the benches share: the server bundled as `npm start` runs it, started on a free
// loopback port, and a host with an event type created over HTTP.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { build } from "esbuild";
import { projectRoot } from "../../server/projectRoot";

import { freePort } from "../../server/test/freePort";

export interface Server {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The server bundled as `npm start` runs it (esbuild, scripts/build.mjs's options), into its own
 * file so the shared dist/server is left alone; under the project so projectRoot is found.
 */
export async function buildServerBundle(): Promise<string> {
  const outfile = join(projectRoot, "dist", "bench", "main.js");
  await build({
    entryPoints: [join(projectRoot, "server", "main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  return outfile;
}

export async function startServer(bundle: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      bundle,
    ],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        LOG_LEVEL: "error",
        NODE_ENV: "production",
        // Hosts read their verification link there, over loopback, as the browser tests do.
        DEV_MAILBOX: "true",
        SMTP_URL: "",
        SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00",
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited while starting");
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A host whose week is open around the clock (UTC), with a 15-minute event type. */
export async function hostWithEventType(base: string, name: string, minutes = 15) {
  const signup = await call(base, "POST", "/api/auth/signup", {
    email: `${name}@example.com`,
    password: "correct horse battery",
    name,
    username: name,
    timeZone: "UTC",
  });
  if (signup.status !== 201) throw new Error(`signup: ${JSON.stringify(signup.body)}`);
  const token = signup.body.token as string;
  // Only a verified address publishes the booking pages.
  const { body: mailbox } = await call(base, "GET", "/dev/mailbox.json");
  const link = (mailbox.mails as { to: string; text: string | null }[])
    .filter((mail) => mail.to === `${name}@example.com`)
    .map((mail) => /\/dashboard\/verify-email\?token=(\S+)/.exec(mail.text ?? "")?.[1])
    .find((found) => found !== undefined);
  if (!link) throw new Error(`no verification mail to ${name}@example.com`);
  const verified = await call(base, "POST", "/api/auth/verify-email", {
    token: decodeURIComponent(link),
  });
  if (verified.status !== 204) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  const schedules = await call(base, "GET", "/api/schedules", undefined, token);
  const scheduleId = schedules.body.schedules[0].id as string;
  const day = [{ start: "00:00", end: "24:00" }];
  const weekly = Object.fromEntries(
    ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"].map((d) => [d, day]),
  );
  const patched = await call(
    base,
    "PATCH",
    `/api/schedules/${scheduleId}`,
    { timeZone: "UTC", weekly },
    token,
  );
  if (patched.status !== 200) throw new Error(`schedule: ${JSON.stringify(patched.body)}`);
  const type = await call(
    base,
    "POST",
    "/api/event-types",
    {
      kind: "ONE_ON_ONE",
      title: "Bench",
      slug: "bench",
      duration: minutes,
      maxDaysAhead: 365,
    },
    token,
  );
  if (type.status !== 201) throw new Error(`event type: ${JSON.stringify(type.body)}`);
  return { username: name };
}
