import { describe, expect, it } from "vitest";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

/** Google Analytics' queue and the pixel's, as the page handed them over. */
declare const window: {
  dataLayer?: ArrayLike<unknown>[];
  fbq?: { queue?: unknown[] };
};

describe("third-party analytics never see an invitee's secrets", () => {
  it("gets the route's pattern on the reschedule and cancel pages, and no token", async () => {
    const host = await seed.signUpHost();
    await seed.updateMe(host, {
      profile: { googleAnalytics: "G-TEST123", facebookPixelId: "123456789" },
    });
    const eventType = await seed.createEventType(host);
    const booked = await seed.bookFirstSlot(
      { userLink: host.username, eventTypeLink: eventType.slug },
      `/timetable?userLink=${host.username}&eventTypeLink=${eventType.slug}`,
      { name: "Grace Private", email: "grace.private@example.com" },
    );
    const { token, uuid } = booked.attendee;

    const { page } = await session.newPage(context);
    const scripts: string[] = [];
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.route(
      /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//,
      (route) => {
        scripts.push(route.request().url());
        return route.fulfill({ contentType: "text/javascript", body: "/* analytics */" });
      },
    );
    await page.goto(
      `/reschedule/by-attendee/${uuid}?token=${encodeURIComponent(token)}&email=grace.private%40example.com&utm_source=mail`,
    );
    const banner = page.getByRole("region", { name: "Cookies and analytics" });
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => scripts.length).toBe(2);

    const handedOver = () =>
      page.evaluate(() =>
        JSON.stringify({
          gtag: Array.from(window.dataLayer ?? [], (entry) => Array.from(entry)),
          fbq: window.fbq?.queue ?? [],
        }),
      );
    const first = await handedOver();
    const origin = new URL(baseUrl()).origin;
    expect(first).toContain(`${origin}/reschedule/by-attendee/:uuid?utm_source=mail`);
    expect(first).toContain('"page_view"');
    for (const secret of [token, uuid, booked.event.uuid, "grace.private", "Grace Private"]) {
      expect(first).not.toContain(secret);
    }
    // The pixel reads the address itself, so on this page it is told of no page view.
    expect(first).not.toContain("PageView");

    // The cancel page, reached by a link in the app, is reported the same way.
    await page.evaluate(
      ([path]) => {
        history.pushState(null, "", path);
        dispatchEvent(new PopStateEvent("popstate"));
      },
      [`/cancel/${uuid}/${encodeURIComponent(token)}`],
    );
    await page.getByText("Grace Private").waitFor();
    await expect.poll(handedOver).toContain(`${origin}/cancel/:slug/:usertoken`);
    const second = await handedOver();
    for (const secret of [token, uuid, "grace.private", "Grace Private"]) {
      expect(second).not.toContain(secret);
    }
    for (const url of requests.filter((u) => u.includes("/api/analytics"))) {
      expect(url).not.toContain(token);
    }
  });

  it("tells the pixel of page views whose address holds nothing personal", async () => {
    const host = await seed.signUpHost();
    await seed.updateMe(host, {
      profile: { googleAnalytics: "G-TEST123", facebookPixelId: "123456789" },
    });
    const eventType = await seed.createEventType(host);
    const { page } = await session.newPage(context);
    await page.route(/^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//, (route) =>
      route.fulfill({ contentType: "text/javascript", body: "/* analytics */" }),
    );
    await page.goto(`/${host.username}/${eventType.slug}?utm_campaign=spring`);
    await page
      .getByRole("region", { name: "Cookies and analytics" })
      .getByRole("button", { name: "Accept" })
      .click();
    const queue = () => page.evaluate(() => JSON.stringify(window.fbq?.queue ?? []));
    await expect.poll(queue).toContain("PageView");
    expect(await queue()).toContain('["set","autoConfig",false,"123456789"]');
    const gtag = await page.evaluate(() =>
      JSON.stringify(Array.from(window.dataLayer ?? [], (entry) => Array.from(entry))),
    );
    expect(gtag).toContain(
      `${new URL(baseUrl()).origin}/${host.username}/${eventType.slug}?utm_campaign=spring`,
    );
  });
});
