import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

describe("profile page", () => {
  it("shows the host, the welcome message and the active event types as cards", async () => {
    const host = await seed.signUpHost({ name: "Paula Profile" });
    await seed.updateMe(host, { profile: { welcomeMessage: "Happy to meet you." } });
    const intro = await seed.createEventType(host, { title: "Intro call" });
    await seed.createEventType(host, { title: "Hidden call", active: false });
    const { page } = await session.newPage(context);
    const response = await page.goto(`/${host.username}?utm_campaign=spring`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: "Paula Profile", level: 1 }).waitFor();
    expect(await page.getByText("Happy to meet you.").isVisible()).toBe(true);
    expect(await page.getByText("Hidden call").count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("link", { name: /Intro call/ }).click();
    await new BookingPage(page).bookableDates().first().waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/${host.username}/${intro.slug}`);
    expect(url.searchParams.get("utm_campaign")).toBe("spring");
  });
});

describe("not-found page", () => {
  it("is shown for unknown users, event types and routing forms, with HTTP status 404", async () => {
    const { page } = await session.newPage(context);
    for (const path of ["/no-such-user", "/no-such-user/no-such-event", "/RF/form", "/a/b/c/d/e"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
      expect(
        await page.getByText("Sorry, the page you are looking for does not exist!").count(),
      ).toBe(1);
    }
    await expectNoSeriousAxeViolations(page);
  });
});

describe("layout", () => {
  it("shows the profile's legal links and colours, and hides the branding when asked", async () => {
    const host = await seed.signUpHost();
    await seed.updateMe(host, {
      profile: {
        showPrivacyPolicy: true,
        privacyPolicyUrl: "https://example.com/privacy",
        showImprint: true,
        imprintUrl: "https://example.com/imprint",
        backgroundColor: "E0F2FE",
      },
    });
    const eventType = await seed.createEventType(host);
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    expect(await page.getByRole("link", { name: "Privacy policy" }).getAttribute("href")).toBe(
      "https://example.com/privacy",
    );
    expect(await page.getByRole("link", { name: "Imprint" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Powered by Slotted" }).count()).toBe(1);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(background).toBe("rgb(224, 242, 254)");

    await booking.open(`/${host.username}/${eventType.slug}?background_color=101828`);
    await expect.poll(background).toBe("rgb(16, 24, 40)");

    await seed.updateMe(host, { profile: { hideBranding: true } });
    await booking.open(`/${host.username}/${eventType.slug}`);
    await page.getByRole("link", { name: "Privacy policy" }).waitFor();
    expect(await page.getByRole("link", { name: "Powered by Slotted" }).count()).toBe(0);
  });
});

describe("analytics consent", () => {
  async function hostWithAnalytics() {
    const host = await seed.signUpHost();
    await seed.updateMe(host, {
      profile: { googleAnalytics: "G-TEST123", facebookPixelId: "123456789" },
    });
    const eventType = await seed.createEventType(host);
    return `/${host.username}/${eventType.slug}`;
  }

  async function openWithScriptsIntercepted(path: string) {
    const { page } = await session.newPage(context);
    const loaded: string[] = [];
    await page.route(
      /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//,
      (route) => {
        loaded.push(route.request().url());
        return route.fulfill({ contentType: "text/javascript", body: "/* analytics */" });
      },
    );
    const booking = new BookingPage(page);
    await booking.open(path);
    return { page, booking, loaded };
  }

  it("loads Google Analytics and the pixel only after Accept, and remembers the choice", async () => {
    const path = await hostWithAnalytics();
    const { page, booking, loaded } = await openWithScriptsIntercepted(path);
    const banner = page.getByRole("region", { name: "Cookies and analytics" });
    await banner.waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(loaded).toEqual([]);
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => loaded.length).toBe(2);
    expect(loaded.some((url) => url.includes("gtag/js?id=G-TEST123"))).toBe(true);
    expect(loaded.some((url) => url.includes("fbevents.js"))).toBe(true);
    expect(await banner.count()).toBe(0);

    await booking.open(path);
    await expect.poll(() => loaded.length).toBe(4);
    expect(await banner.count()).toBe(0);
  });

  it("loads nothing after Decline", async () => {
    const path = await hostWithAnalytics();
    const { page, booking, loaded } = await openWithScriptsIntercepted(path);
    const banner = page.getByRole("region", { name: "Cookies and analytics" });
    await banner.getByRole("button", { name: "Decline" }).click();
    await banner.waitFor({ state: "detached" });
    // open() waits for the host's dates, rendered with the consent the page read; any script
    // that render asked for has been requested once the network is quiet.
    await booking.open(path);
    await page.waitForLoadState("networkidle");
    expect(await banner.count()).toBe(0);
    expect(loaded).toEqual([]);
  });
});
