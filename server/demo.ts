// `npm run demo`: seeds, idempotently, a demo host with a working-hours schedule, one event
// type of each kind and a demo team. It talks to the running server over HTTP when one
// answers, else to the database directly through the same routes (PGlite allows one process).

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { type Database, openPglite, openPostgres } from "./db/database";
import { lockDataDir } from "./db/dataDirLock";
import { migrate } from "./db/migrate";

const PASSWORD = "slotted-demo";

/** A demo account whose verification link this process cannot read: its pages stay unpublished. */
class UnverifiedDemoAccount extends Error {
  constructor(email: string) {
    super(
      `${email} cannot be verified: the demo cannot read the running server's mail. Stop the server and run npm run demo again, or start the server with DEV_MAILBOX=true.`,
    );
  }
}

interface Reply {
  status: number;
  body: unknown;
}
type Call = (method: string, url: string, token?: string, payload?: unknown) => Promise<Reply>;
/** The newest verification token mailed to an address; null when this process cannot read it. */
type MailedToken = (email: string) => Promise<string | null>;

function tokenFromOutbox(database: Database): MailedToken {
  return async (email) => {
    const [row] = await database.query<{ url: string }>(
      `select payload->'data'->>'url' as url from outbox
       where payload->>'template' = 'emailVerification' and lower(payload->'to'->>'email') = lower($1)
       order by id desc limit 1`,
      [email],
    );
    return row ? new URL(row.url).searchParams.get("token") : null;
  };
}

/** A running server's development mailbox (DEV_MAILBOX=true), else its PostgreSQL outbox. */
function tokenFromMailbox(base: string, database: Database | null): MailedToken {
  return async (email) => {
    const response = await fetch(`${base}/dev/mailbox.json`).catch(() => null);
    // Without DEV_MAILBOX the path is just another client page.
    if (response?.ok && response.headers.get("content-type")?.includes("application/json")) {
      const { mails } = (await response.json()) as {
        mails: { to: string | null; text: string | null }[];
      };
      for (const mail of mails) {
        if (mail.to?.toLowerCase() !== email.toLowerCase()) continue;
        const token = /\/dashboard\/verify-email\?token=(\S+)/.exec(mail.text ?? "")?.[1];
        if (token) return decodeURIComponent(token);
      }
    }
    return database ? tokenFromOutbox(database)(email) : null;
  };
}

/** Whether the running server shows its development mailbox (DEV_MAILBOX=true) to this process. */
async function readsDevMailbox(base: string): Promise<boolean> {
  const response = await fetch(`${base}/dev/mailbox.json`).catch(() => null);
  return Boolean(
    response?.ok && response.headers.get("content-type")?.includes("application/json"),
  );
}

/** Whether an earlier run made and verified the demo account (signing in creates nothing). */
async function demoVerified(call: Call): Promise<boolean> {
  const login = await call("POST", "/api/auth/login", undefined, {
    email: "demo@example.com",
    password: PASSWORD,
  });
  if (login.status !== 200) return false;
  return (login.body as { user: { emailVerified: boolean } }).user.emailVerified;
}

async function runningServer(base: string): Promise<Call | null> {
  try {
    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
    if (!health.ok) return null;
  } catch {
    return null;
  }
  return async (method, url, token, payload) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

async function account(
  call: Call,
  mailedToken: MailedToken,
  email: string,
  name: string,
  username: string,
) {
  const signup = await call("POST", "/api/auth/signup", undefined, {
    email,
    password: PASSWORD,
    name,
    username,
    timeZone: "Europe/Berlin",
  });
  const reply =
    signup.status === 201
      ? signup
      : await call("POST", "/api/auth/login", undefined, { email, password: PASSWORD });
  if (reply.status !== 200 && reply.status !== 201) {
    throw new Error(`cannot sign in ${email}: ${JSON.stringify(reply.body)}`);
  }
  const { user, token } = reply.body as {
    user: { id: string; emailVerified: boolean };
    token: string;
  };
  // Demo accounts follow their verification link as a host would: their pages go live.
  if (!user.emailVerified) {
    if (signup.status !== 201) await call("POST", "/api/auth/verify-email/resend", token);
    const link = await mailedToken(email);
    const verified = link
      ? await call("POST", "/api/auth/verify-email", undefined, { token: link })
      : null;
    if (verified?.status !== 204) throw new UnverifiedDemoAccount(email);
  }
  return { id: user.id, token, email };
}

async function seed(call: Call, mailedToken: MailedToken) {
  const demo = await account(call, mailedToken, "demo@example.com", "Dana Demo", "demo");
  const ana = await account(call, mailedToken, "ana@example.com", "Ana Alvarez", "demo-ana");
  const ben = await account(call, mailedToken, "ben@example.com", "Ben Becker", "demo-ben");

  const teams = (await call("GET", "/api/teams", demo.token)).body as {
    teams: { id: string; slug: string }[];
  };
  let team = teams.teams.find((t) => t.slug === "demo-team");
  if (!team) {
    team = (await call("POST", "/api/teams", demo.token, { name: "Demo Team", slug: "demo-team" }))
      .body as {
      id: string;
      slug: string;
    };
  }
  // Members join as anyone does: invited, then accepting from their own dashboard. A member
  // already (an earlier run) is refused the invitation, which is fine.
  for (const member of [ana, ben]) {
    const invited = await call("POST", `/api/teams/${team.id}/members`, demo.token, {
      email: member.email,
    });
    if (invited.status !== 201) continue;
    const { invitation } = invited.body as { invitation: { id: string } };
    // The dashboard answers invitations only for a verified address (see above).
    const accepted = await call("POST", `/api/invitations/${invitation.id}/accept`, member.token);
    if (accepted.status !== 200) {
      console.warn(`${member.email} did not join the demo team: its address is not verified.`);
    }
  }

  const zoom = [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/123456789" } }];
  const wanted = [
    {
      kind: "ONE_ON_ONE",
      title: "30 minute meeting",
      slug: "meeting",
      duration: 30,
      durations: [15, 30, 60],
      locations: zoom,
      description: "A quick call to get to know each other.",
    },
    {
      kind: "GROUP",
      title: "Onboarding workshop",
      slug: "workshop",
      duration: 60,
      seats: 10,
      locations: zoom,
      description: "Learn the basics together with other new customers.",
    },
    {
      kind: "COLLECTIVE",
      title: "Team interview",
      slug: "interview",
      duration: 45,
      teamId: team.id,
      hosts: [{ userId: demo.id }, { userId: ana.id }],
      locations: zoom,
    },
    {
      kind: "ROUND_ROBIN",
      title: "Sales call",
      slug: "sales",
      duration: 30,
      teamId: team.id,
      hosts: [
        { userId: demo.id, priority: 2 },
        { userId: ana.id, priority: 1 },
        { userId: ben.id, priority: 1 },
      ],
      locations: [{ type: "PHONE_CALL", options: { direction: "HOST_CALLS_INVITEE" } }],
    },
    {
      kind: "FLEXI",
      title: "Product demo",
      slug: "product-demo",
      duration: 30,
      teamId: team.id,
      hostGroups: [
        { mode: "ALL", userIds: [demo.id] },
        { mode: "ANY", userIds: [ana.id, ben.id] },
      ],
      locations: zoom,
    },
  ];
  const existing = (await call("GET", "/api/event-types", demo.token)).body as {
    eventTypes: { slug: string; teamId: string | null; url: string | null }[];
  };
  for (const type of wanted) {
    const found = existing.eventTypes.find(
      (e) => e.slug === type.slug && e.teamId === (type.teamId ?? null),
    );
    if (found) continue;
    const created = await call("POST", "/api/event-types", demo.token, type);
    if (created.status !== 201)
      throw new Error(`cannot create ${type.slug}: ${JSON.stringify(created.body)}`);
  }
  const all = (await call("GET", "/api/event-types", demo.token)).body as {
    eventTypes: { title: string; kind: string; url: string | null }[];
  };
  return all.eventTypes;
}

function fail(message: string): never {
  console.error(`slotted demo: ${message}`);
  process.exit(1);
}

function reason(error: unknown): string {
  return error instanceof Error
    ? error.message || String((error as { code?: string }).code)
    : String(error);
}

/**
 * The database itself, when no server answers at `base`. Failing that, one line says what to
 * set: most often the server runs on another PORT and holds DATA_DIR.
 */
async function openDirectly(
  config: ReturnType<typeof loadConfig>,
  base: string,
): Promise<{ database: Database; release: () => void }> {
  const noServer = `no Slotted server answers at ${base}`;
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl);
    try {
      await migrate(database);
    } catch (error) {
      await database.close().catch(() => {});
      fail(
        `${noServer} and DATABASE_URL cannot be used (${reason(error)}). Set PORT to the port your server listens on, or DATABASE_URL to a reachable database.`,
      );
    }
    return { database, release: () => {} };
  }
  let release: () => void;
  try {
    mkdirSync(config.dataDir, { recursive: true });
    release = lockDataDir(config.dataDir);
  } catch (error) {
    const holder = /^another Slotted process \(pid (\d+)\)/.exec(reason(error));
    fail(
      holder
        ? `${noServer}, but another Slotted process (pid ${holder[1]}) is using ${config.dataDir}. Set PORT to the port that server listens on, or stop it first.`
        : `${noServer} and DATA_DIR ${config.dataDir} cannot be used (${reason(error)}). Set PORT to the port your server listens on, or DATA_DIR to a writable directory.`,
    );
  }
  try {
    const database = await openPglite(join(config.dataDir, "pglite"));
    await migrate(database);
    return { database, release };
  } catch (error) {
    release();
    fail(
      `${noServer} and the database in ${config.dataDir} cannot be opened (${reason(error)}). Set PORT to the port your server listens on, or DATA_DIR to another directory.`,
    );
  }
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`slotted: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const base = `http://127.0.0.1:${config.port}`;
  let call = await runningServer(base);
  let close = async () => {};
  let mailedToken: MailedToken;
  if (call) {
    // PGlite belongs to the running server; a PostgreSQL server can be read beside it.
    const outbox = config.databaseUrl ? openPostgres(config.databaseUrl) : null;
    mailedToken = tokenFromMailbox(base, outbox);
    close = async () => outbox?.close();
    // Nothing is created that could not be verified: without a mail to read, only accounts an
    // earlier run verified may be used.
    if (!outbox && !(await readsDevMailbox(base)) && !(await demoVerified(call))) {
      await close();
      fail(
        `the server at ${base} does not show this process its mail, so demo accounts could not be verified and nothing was created. Restart it with DEV_MAILBOX=true, or stop it and run npm run demo again.`,
      );
    }
  } else {
    const { database, release } = await openDirectly(config, base);
    mailedToken = tokenFromOutbox(database);
    const app = await buildApp(
      { config, database, clock: () => new Date() },
      { logger: false, serveClient: false },
    );
    call = async (method, url, token, payload) => {
      const response = await app.inject({
        method: method as "GET",
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: payload as object | undefined,
      });
      return { status: response.statusCode, body: response.body ? response.json() : null };
    };
    close = async () => {
      await app.close();
      await database.close();
      release();
    };
  }
  try {
    const types = await seed(call, mailedToken);
    console.log(
      `Demo data is ready. Sign in at ${config.publicUrl} as demo@example.com / ${PASSWORD}`,
    );
    console.log(`(team members ana@example.com and ben@example.com use the same password)\n`);
    console.log(`Profile page: ${config.publicUrl}/demo`);
    for (const type of types)
      console.log(`  ${type.kind.padEnd(12)} ${type.title.padEnd(22)} ${type.url}`);
  } catch (error) {
    if (!(error instanceof UnverifiedDemoAccount)) throw error;
    console.error(`slotted demo: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await close();
  }
}

await main();
