import { afterEach, describe, expect, it } from "vitest";
import { pages, pageViews } from "../../db/schema";
import { createEventType, createTeam, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

// The server runs at NOW unless a test sets another instant, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
afterEach(() => t.setNow(NOW));

interface Ping {
  at: string;
  action?: string;
  componentId?: string;
  device?: string;
  referrer?: string;
}

async function ping(publicId: string, pings: Ping[]) {
  await t.database.db.insert(pageViews).values(
    pings.map((p) => ({
      publicId,
      action: p.action ?? "profile_page_viewed",
      componentId: p.componentId ?? null,
      device: p.device ?? null,
      referrer: p.referrer ?? null,
      createdAt: new Date(p.at),
    })),
  );
}

async function insights(host: Host, query = "", teamId?: string) {
  const url = teamId ? `/api/teams/${teamId}/insights${query}` : `/api/insights${query}`;
  return t.request({ method: "GET", url, headers: host.headers });
}

describe("GET /api/insights", () => {
  it("counts views and clicks per day at midnight in the owner's zone, DST included", async () => {
    const host = await signUpHost(t, { timeZone: "America/New_York" });
    // New York moved to summer time on Sunday 2026-03-08 at 02:00 (07:00 UTC).
    t.setNow(new Date("2026-03-10T15:00:00Z"));
    await ping(host.username, [
      { at: "2026-03-10T03:59:59Z" }, // 23:59:59 on the 9th in New York (EDT, UTC-4)
      { at: "2026-03-10T04:00:00Z" }, // 00:00 on the 10th
      { at: "2026-03-10T14:00:00Z", action: "component_clicked", componentId: "b1" },
      { at: "2026-03-08T04:59:59Z" }, // 23:59:59 on the 7th (still EST, UTC-5)
      { at: "2026-03-08T05:00:00Z" }, // 00:00 on the 8th
    ]);
    const response = await insights(host, "?days=7");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      publicId: host.username,
      timeZone: "America/New_York",
      from: "2026-03-04",
      to: "2026-03-10",
      totals: { views: 4, clicks: 1 },
    });
    expect(body.days).toEqual([
      { date: "2026-03-04", views: 0, clicks: 0 },
      { date: "2026-03-05", views: 0, clicks: 0 },
      { date: "2026-03-06", views: 0, clicks: 0 },
      { date: "2026-03-07", views: 1, clicks: 0 },
      { date: "2026-03-08", views: 1, clicks: 0 },
      { date: "2026-03-09", views: 1, clicks: 0 },
      { date: "2026-03-10", views: 1, clicks: 1 },
    ]);
  });

  it("keeps to the 7, 30 or 90 days ending today, and refuses other windows", async () => {
    const host = await signUpHost(t, { timeZone: "Asia/Tokyo" });
    t.setNow(new Date("2026-06-30T12:00:00Z")); // 21:00 on 30 June in Tokyo (UTC+9)
    await ping(host.username, [
      { at: "2026-06-23T15:00:00Z" }, // 00:00 on 24 June: the 7-day window's first instant
      { at: "2026-06-23T14:59:59Z" }, // a second before: 23 June
      { at: "2026-05-31T15:00:00Z" }, // 1 June: the 30-day window's first day
      { at: "2026-05-31T14:59:59Z" }, // 31 May
      { at: "2026-04-01T15:00:00Z" }, // 2 April: the 90-day window's first day
      { at: "2026-04-01T14:59:59Z" }, // 1 April: outside every window
      { at: "2026-06-30T15:00:00Z" }, // 1 July, tomorrow in Tokyo: not yet
    ]);
    const totals = async (days: number) => {
      const body = (await insights(host, `?days=${days}`)).json();
      return { from: body.from, views: body.totals.views, length: body.days.length };
    };
    expect(await totals(7)).toEqual({ from: "2026-06-24", views: 1, length: 7 });
    expect(await totals(30)).toEqual({ from: "2026-06-01", views: 3, length: 30 });
    expect(await totals(90)).toEqual({ from: "2026-04-02", views: 5, length: 90 });
    expect((await insights(host)).json().days).toHaveLength(30);
    const refused = await insights(host, "?days=8");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.days).toBeDefined();
  });

  it("ranks blocks by clicks, referrers and devices by views, and counts only the caller's page", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const now = NOW;
    const at = new Date(now.getTime() - 60_000).toISOString();
    await ping(host.username, [
      { at, device: "mobile", referrer: "https://social.example" },
      { at, device: "mobile", referrer: "https://social.example" },
      { at, device: "desktop" },
      { at, action: "component_clicked", componentId: "event-1", device: "mobile" },
      { at, action: "component_clicked", componentId: "event-1" },
      { at, action: "component_clicked", componentId: "link-2" },
      // The booking page's own pings are not the profile page's views.
      { at, action: "event_type_viewed" },
    ]);
    await ping(other.username, [{ at }, { at, componentId: "theirs", action: "x" }]);
    const response = await insights(host, "?days=7");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.totals).toEqual({ views: 3, clicks: 3 });
    // The host has no page (any more): the blocks clicked are gone from it.
    expect(body.blocks).toEqual([
      { componentId: "event-1", clicks: 2, block: null },
      { componentId: "link-2", clicks: 1, block: null },
    ]);
    expect(body.referrers).toEqual([
      { referrer: "https://social.example", views: 2 },
      { referrer: null, views: 1 },
    ]);
    expect(body.devices).toEqual([
      { device: "mobile", views: 2 },
      { device: "desktop", views: 1 },
    ]);
    expect((await insights(other, "?days=7")).json().totals).toEqual({ views: 1, clicks: 1 });
  });

  it("names each clicked block by its title, else kind and place in the editor, else as removed", async () => {
    const host = await signUpHost(t);
    const colleague = await signUpHost(t, { name: "Cole Mate" });
    await createTeam(t, host, [colleague]);
    const type = await createEventType(t, host, { title: "Discovery call" });
    const at = (y: number) => ({ x: 0, y, w: 4, h: 1 });
    await t.database.db.insert(pages).values({
      userId: host.id,
      // Stored out of reading order: the places count as the editor lists them, by row.
      blocks: [
        { id: "event", kind: "event", eventTypeId: type.id, layout: at(2), visible: true },
        { id: "head", kind: "headline", text: "Hello", layout: at(0), visible: true },
        { id: "hidden", kind: "divider", layout: at(1), visible: false },
        {
          id: "links",
          kind: "socials",
          links: [{ network: "x", url: "https://x.example/p" }],
          layout: at(3),
          visible: true,
        },
        { id: "cole", kind: "member", userId: colleague.id, layout: at(4), visible: true },
      ],
    });
    const now = NOW;
    const clicked = new Date(now.getTime() - 60_000).toISOString();
    await ping(host.username, [
      ...["event", "event", "event", "links", "links", "cole", "gone"].map((componentId) => ({
        at: clicked,
        action: "component_clicked",
        componentId,
      })),
    ]);
    const response = await insights(host, "?days=7");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().blocks).toEqual([
      {
        componentId: "event",
        clicks: 3,
        block: { kind: "event", position: 3, title: "Discovery call" },
      },
      { componentId: "links", clicks: 2, block: { kind: "socials", position: 4, title: null } },
      {
        componentId: "cole",
        clicks: 1,
        block: { kind: "member", position: 5, title: "Cole Mate" },
      },
      { componentId: "gone", clicks: 1, block: null },
    ]);
  });

  it("needs a signed-in host", async () => {
    const response = await t.request({ method: "GET", url: "/api/insights" });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/teams/{id}/insights", () => {
  it("shows a team page's insights to its admins only: 403 for members, 404 for outsiders", async () => {
    const admin = await signUpHost(t, { timeZone: "Europe/Berlin" });
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    await ping(team.slug, [{ at: new Date(NOW.getTime() - 60_000).toISOString() }]);
    await ping(admin.username, [{ at: new Date(NOW.getTime() - 60_000).toISOString() }]);
    const seen = await insights(admin, "?days=7", team.id);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      publicId: team.slug,
      timeZone: "Europe/Berlin",
      totals: { views: 1, clicks: 0 },
    });
    expect((await insights(member, "", team.id)).statusCode).toBe(403);
    const hidden = await insights(outsider, "", team.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: expect.any(String) });
  });
});
