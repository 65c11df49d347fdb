import { describe, expect, it } from "vitest";
import { pageViews } from "../../db/schema";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

async function stored() {
  return t.database.db.select().from(pageViews);
}

describe("GET /api/analytics", () => {
  it("stores a ping in page_views and answers 204", async () => {
    const query = new URLSearchParams({
      public_id: "ana/intro",
      action: "event_type_viewed",
      device: "mobile",
      component_id: "c1",
      referrer: "https://example.com/",
      socials: "x,linkedin",
    });
    const response = await t.request({ method: "GET", url: `/api/analytics?${query}` });
    expect(response.statusCode).toBe(204);
    expect(await stored()).toEqual([
      expect.objectContaining({
        publicId: "ana/intro",
        action: "event_type_viewed",
        device: "mobile",
        componentId: "c1",
        referrer: "https://example.com",
        socials: "x,linkedin",
      }),
    ]);
  });

  it("dates a ping by the server's clock, as insights count it, not the database's", async () => {
    const at = new Date("2031-03-04T10:00:00Z");
    t.setNow(at);
    try {
      const query = new URLSearchParams({ public_id: "ana/dated", action: "page_viewed" });
      expect((await t.request({ method: "GET", url: `/api/analytics?${query}` })).statusCode).toBe(
        204,
      );
    } finally {
      t.setNow(null);
    }
    const row = (await stored()).find((view) => view.publicId === "ana/dated");
    expect(row?.createdAt).toEqual(at);
  });

  it("answers 204 without storing when the ping names nothing, and cuts long values", async () => {
    const before = (await stored()).length;
    const empty = await t.request({ method: "GET", url: "/api/analytics?action=x" });
    expect(empty.statusCode).toBe(204);
    expect(await stored()).toHaveLength(before);

    const long = await t.request({
      method: "GET",
      url: `/api/analytics?public_id=${"p".repeat(500)}&action=viewed&referrer=${"r".repeat(3000)}`,
    });
    expect(long.statusCode).toBe(204);
    const last = (await stored()).at(-1);
    expect(last?.publicId).toHaveLength(200);
    expect(last?.referrer).toBeNull();
  });

  it("keeps only the referring site, never a path or query that could hold a token", async () => {
    const referrer = "https://book.example.com/reschedule/by-attendee/u1?token=secret-token#x";
    const query = new URLSearchParams({ public_id: "p", action: "a", referrer });
    await t.request({ method: "GET", url: `/api/analytics?${query}`, remoteAddress: "10.0.0.3" });
    expect((await stored()).at(-1)?.referrer).toBe("https://book.example.com");
    const script = new URLSearchParams({ public_id: "p", action: "a", referrer: "javascript:x" });
    await t.request({ method: "GET", url: `/api/analytics?${script}`, remoteAddress: "10.0.0.3" });
    expect((await stored()).at(-1)?.referrer).toBeNull();
  });

  it("limits one client to 120 pings a minute", async () => {
    const codes = new Set<number>();
    for (let i = 0; i < 125; i += 1) {
      const response = await t.request({
        method: "GET",
        url: "/api/analytics?public_id=p&action=a",
        remoteAddress: "10.0.0.9",
      });
      codes.add(response.statusCode);
    }
    expect(codes).toEqual(new Set([204, 429]));
  });
});
