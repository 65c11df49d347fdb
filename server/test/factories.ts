import { randomBytes } from "node:crypto";
import { expect } from "vitest";
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

/** Signs a new host up over HTTP; overrides change the sign-up body. */
export async function signUpHost(
  t: TestApp,
  overrides: Record<string, unknown> = {},
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
  const response = await t.request({
    method: "POST",
    url: "/api/event-types",
    headers: host.headers,
    payload: eventTypeBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Creates a team as `admin` and adds `members` to it. */
export async function createTeam(t: TestApp, admin: Host, members: Host[] = []) {
  const created = await t.request({
    method: "POST",
    url: "/api/teams",
    headers: admin.headers,
    payload: { name: `Team ${unique()}`, slug: `team-${unique()}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const team = created.json();
  for (const member of members) {
    const added = await t.request({
      method: "POST",
      url: `/api/teams/${team.id}/members`,
      headers: admin.headers,
      payload: { email: member.email },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  return team as { id: string; slug: string };
}
