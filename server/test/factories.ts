import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { authTokens, eventTypes, outbox } from "../db/schema";
import type { TestApp } from "./testApp";

export interface Host {
  id: string;
  email: string;
  username: string;
  token: string;
  /** Authorization header for bearer calls. */
  headers: { authorization: string };
}

let counter = 0;
function unique(): string {
  counter += 1;
  return `${randomBytes(3).toString("hex")}${counter}`;
}

/**
 * The token of the newest verification link mailed to `email`, read from the outbox; with
 * `take`, its mail leaves the outbox, so tests that count mails see only their own.
 */
export async function mailedVerificationToken(
  t: TestApp,
  email: string,
  { take = false }: { take?: boolean } = {},
): Promise<string> {
  const [row] = await t.database.db
    .select({ id: outbox.id, payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        sql`${outbox.payload}->>'template' = 'emailVerification'`,
        sql`lower(${outbox.payload}->'to'->>'email') = lower(${email})`,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(1);
  expect(row, `no verification mail to ${email}`).toBeDefined();
  if (take) await t.database.db.delete(outbox).where(eq(outbox.id, row!.id));
  const { url } = (row!.payload as { data: { url: string } }).data;
  return new URL(url).searchParams.get("token")!;
}

/**
 * Signs a new host up over HTTP; overrides change the sign-up body. The host follows the
 * verification link from their mail, as a real one must before their pages are published,
 * unless `verified: false` leaves the account as sign-up made it.
 */
export async function signUpHost(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<Host> {
  const suffix = unique();
  const body = {
    email: `host-${suffix}@example.com`,
    password: "correct horse battery",
    name: `Host ${suffix}`,
    username: `host-${suffix}`,
    timeZone: "Europe/Berlin",
    ...overrides,
  };
  const response = await t.request({ method: "POST", url: "/api/auth/signup", payload: body });
  expect(response.statusCode, response.body).toBe(201);
  const { user, token } = response.json();
  if (verified) {
    const verify = await t.request({
      method: "POST",
      url: "/api/auth/verify-email",
      payload: { token: await mailedVerificationToken(t, user.email, { take: true }) },
    });
    expect(verify.statusCode, verify.body).toBe(204);
  }
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A valid event type body of `kind`, with overrides. */
export function eventTypeBody(overrides: Record<string, unknown> = {}) {
  return {
    kind: "ONE_ON_ONE",
    title: "Intro call",
    slug: `intro-${unique()}`,
    duration: 30,
    locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } }],
    ...overrides,
  };
}

/** Creates an event type over HTTP as `host`. */
export async function createEventType(
  t: TestApp,
  host: Host,
  overrides: Record<string, unknown> = {},
) {
  const { price, ...rest } = overrides as { price?: { amount: number; currency: string } | null };
  // Without Stripe a host cannot set a price; a server whose payments were switched off keeps
  // the prices set before, which is what such a test stands for.
  const priceLater = price != null && t.deps.config.stripe === null;
  const response = await t.request({
    method: "POST",
    url: "/api/event-types",
    headers: host.headers,
    payload: eventTypeBody(priceLater ? rest : overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  if (!priceLater) return response.json();
  const created = response.json();
  await t.database.db
    .update(eventTypes)
    .set({ priceAmount: price.amount, priceCurrency: price.currency })
    .where(eq(eventTypes.id, created.id));
  const read = await t.request({
    method: "GET",
    url: `/api/event-types/${created.id}`,
    headers: host.headers,
  });
  return read.json();
}

/** Creates a team as `admin` and makes `members` members: each is invited and accepts. */
export async function createTeam(t: TestApp, admin: Host, members: Host[] = []) {
  const created = await t.request({
    method: "POST",
    url: "/api/teams",
    headers: admin.headers,
    payload: { name: `Team ${unique()}`, slug: `team-${unique()}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const team = created.json();
  for (const member of members) await joinTeam(t, admin, team.id, member);
  return team as { id: string; slug: string };
}

/** Invites `member` to a team as `admin`, and accepts from the member's dashboard. */
export async function joinTeam(
  t: TestApp,
  admin: Host,
  teamId: string,
  member: Host,
  role: "admin" | "member" = "member",
) {
  const invited = await t.request({
    method: "POST",
    url: `/api/teams/${teamId}/members`,
    headers: admin.headers,
    payload: { email: member.email, role },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await t.request({
    method: "POST",
    url: `/api/invitations/${invited.json().invitation.id}/accept`,
    headers: member.headers,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/** The caller a command sees for `host` signed in with the session signUpHost made. */
export async function sessionCallerOf(t: TestApp, host: Host) {
  const [session] = await t.database.db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.userId, host.id), eq(authTokens.kind, "session")));
  return { userId: host.id, tokenId: session!.id };
}
