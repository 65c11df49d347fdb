import { describe, expect, it } from "vitest";
import { type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";
import { pageExists } from "../clientPages/pageExists";

// Usernames and team slugs share `/{name}`: whoever claims a name first keeps it, and nobody
// else's sign-up, rename or new team can hide or replace that page.
const t = await createTestApp();

const createTeam = (admin: Host, slug: string, headers: Record<string, string> = {}) =>
  t.request({
    method: "POST",
    url: "/api/teams",
    headers: { ...admin.headers, ...headers },
    payload: { name: `Team ${slug}`, slug },
  });

let signups = 0;
const signup = (username: string, headers: Record<string, string> = {}) =>
  t.request({
    method: "POST",
    url: "/api/auth/signup",
    headers,
    payload: {
      email: `someone-${++signups}@example.com`,
      password: "correct horse battery",
      name: "Someone",
      username,
    },
  });

/** The team that `/{slug}` shows, as the public page and the server's 404 check see it. */
async function expectTeamPage(slug: string) {
  const page = await t.request({ method: "GET", url: `/api/page/${slug}` });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.json().page).toMatchObject({ kind: "team", slug, name: `Team ${slug}` });
  expect(await pageExists(t.database.db, `/${slug}`)).toBe(true);
}

async function teamNamed(slug: string) {
  const admin = await signUpHost(t);
  const created = await createTeam(admin, slug);
  expect(created.statusCode, created.body).toBe(201);
  return { admin, team: created.json() as { id: string; slug: string } };
}

describe("one namespace for usernames and team slugs", () => {
  it("refuses a sign-up with a team's name, in any case, and the team's page stays up", async () => {
    await teamNamed("acme");
    for (const username of ["acme", "ACME", " Acme "]) {
      const response = await signup(username);
      expect(response.statusCode, username).toBe(422);
      expect(response.json().errors.username).toEqual(["This username is taken."]);
    }
    const german = await signup("acme", { "accept-language": "de" });
    expect(german.json().errors.username).toEqual(["Dieser Benutzername ist bereits vergeben."]);
    await expectTeamPage("acme");
  });

  it("refuses a verified user's rename onto a team's name", async () => {
    await teamNamed("northwind");
    const host = await signUpHost(t);
    for (const username of ["northwind", "NorthWind"]) {
      const renamed = await t.request({
        method: "PATCH",
        url: "/api/me",
        headers: host.headers,
        payload: { username },
      });
      expect(renamed.statusCode, renamed.body).toBe(422);
      expect(renamed.json().errors.username).toEqual(["This username is taken."]);
    }
    await expectTeamPage("northwind");
    const own = await t.request({ method: "GET", url: `/api/page/${host.username}` });
    expect(own.json().page).toMatchObject({ kind: "user", slug: host.username });
  });

  it("refuses a team with a user's name, verified or not", async () => {
    const admin = await signUpHost(t);
    const verified = await signUpHost(t, { username: "globex" });
    await signUpHost(t, { username: "initech" }, { verified: false });
    for (const slug of ["globex", "Globex", "initech"]) {
      const response = await createTeam(admin, slug);
      expect(response.statusCode, slug).toBe(422);
      expect(response.json().errors.slug).toEqual(["This team link is already in use."]);
    }
    const page = await t.request({ method: "GET", url: "/api/page/globex" });
    expect(page.json().page).toMatchObject({ kind: "user", slug: verified.username });
    // The unverified account's page is not published, and no team took its place.
    expect(await pageExists(t.database.db, "/initech")).toBe(false);
  });

  it("refuses route words as team slugs, as it does for usernames", async () => {
    const admin = await signUpHost(t);
    for (const slug of ["dashboard", "api", "assets", "event", "dev", "c", "Dashboard"]) {
      const response = await createTeam(admin, slug);
      expect(response.statusCode, slug).toBe(422);
      expect(response.json().errors.slug).toEqual([
        "This link is reserved. Please choose another one.",
      ]);
    }
    const french = await createTeam(admin, "api", { "accept-language": "fr" });
    expect(french.json().errors.slug).toEqual(["Ce lien est réservé. Choisissez-en un autre."]);
    const username = await signup("dashboard");
    expect(username.json().errors.username).toEqual(["This username is reserved."]);
  });

  it("frees a name its user renames away from, for anyone to claim", async () => {
    const host = await signUpHost(t, { username: "umbrella" });
    const renamed = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: { username: "umbrella-corp" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await teamNamed("umbrella");
    await expectTeamPage("umbrella");
    const page = await t.request({ method: "GET", url: "/api/page/umbrella-corp" });
    expect(page.json().page).toMatchObject({ kind: "user", slug: "umbrella-corp" });
    // Keeping one's own name (in any case) is no clash with oneself.
    const same = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: { username: "Umbrella-Corp" },
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});
