import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { DashboardSchedulePage } from "./pages/DashboardSchedulePage";
import { baseUrl, browserSession } from "./support/browser";
import { tabThroughPage } from "./support/hiddenFocus";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const phone = { width: 375, height: 667 };
const desktop = { width: 1280, height: 720 };

/** A booking page whose host has analytics, so the consent banner asks, at phone width. */
async function bookingPageWithBanner() {
  const host = await seed.signUpHost();
  await seed.updateMe(host, {
    profile: { googleAnalytics: "G-TEST123", facebookPixelId: "123456789" },
  });
  const eventType = await seed.createEventType(host);
  const { page } = await session.newPage({
    timezoneId: "Europe/Berlin",
    locale: "en-US",
    viewport: phone,
  });
  await page.route(/^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//, (route) =>
    route.fulfill({ contentType: "text/javascript", body: "/* analytics */" }),
  );
  await new BookingPage(page).open(`/${host.username}/${eventType.slug}`);
  const banner = page.getByRole("region", { name: "Cookies and analytics" });
  await banner.waitFor();
  return { page, banner };
}

async function consentCookie(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "slotted_consent");
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { action: string }) : null;
}

/** Marks the focused element (only it) so a later check can tell whether focus came back to it. */
const markFocused = (page: Page) =>
  page.evaluate(() => {
    for (const marked of document.querySelectorAll("[data-was-focused]")) {
      marked.removeAttribute("data-was-focused");
    }
    document.activeElement?.setAttribute("data-was-focused", "");
  });
const focusIsMarked = (page: Page) =>
  page.evaluate(() => document.activeElement?.hasAttribute("data-was-focused") ?? false);

/**
 * Presses Shift+Tab until focus is in the banner, marking the element it left last; fails if
 * it never gets there.
 */
async function shiftTabIntoBanner(page: Page) {
  for (let i = 0; i < 60; i++) {
    await markFocused(page);
    await page.keyboard.press("Shift+Tab");
    const inBanner = await page.evaluate(() =>
      Boolean(document.activeElement?.closest("[aria-labelledby='consent-title']")),
    );
    if (inBanner) return;
  }
  throw new Error("Shift+Tab never reached the consent banner");
}

describe("the consent banner never covers the focused element", () => {
  it("leaves every tab stop of the booking page in view at 375 px", async () => {
    const { page } = await bookingPageWithBanner();
    const stops = await tabThroughPage(page, "Accept");
    expect(stops.length).toBeGreaterThan(8);
    expect(stops.filter((stop) => stop.hidden)).toEqual([]);
  });

  it("declines on Escape, says so, and leaves focus where it was", async () => {
    const { page, banner } = await bookingPageWithBanner();
    const date = new BookingPage(page).bookableDates().first();
    await date.focus();
    await markFocused(page);
    await page.keyboard.press("Escape");
    await banner.waitFor({ state: "detached" });
    expect((await consentCookie(page))?.action).toBe("decline");
    await page
      .getByRole("status")
      .getByText("Analytics declined: Google Analytics and the Facebook pixel will not be loaded.")
      .waitFor();
    expect(await focusIsMarked(page)).toBe(true);
  });

  it("returns focus to where it was after Decline and after Accept", async () => {
    for (const choice of ["Decline", "Accept"]) {
      const { page, banner } = await bookingPageWithBanner();
      // The keyboard user is at the first bookable date, then goes back to the banner.
      await new BookingPage(page).bookableDates().first().focus();
      await shiftTabIntoBanner(page);
      // Shift+Tab arrives at the banner's last button; the first is one more back.
      while ((await page.evaluate(() => document.activeElement?.textContent)) !== choice) {
        await page.keyboard.press("Shift+Tab");
      }
      await page.keyboard.press("Enter");
      await banner.waitFor({ state: "detached" });
      expect((await consentCookie(page))?.action).toBe(choice.toLowerCase());
      expect(await focusIsMarked(page), choice).toBe(true);
    }
  });

  it("sends focus to the page's heading when it was nowhere before the banner", async () => {
    const { page, banner } = await bookingPageWithBanner();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Accept");
    await page.keyboard.press("Enter");
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
  });
});

describe("the dashboard's save bars never cover the focused field", () => {
  // One host for the three forms, signed up by the first test that needs them.
  let signedIn: ReturnType<typeof signUp> | undefined;
  async function signUp() {
    const { page } = await session.newPage({ timezoneId: "Europe/Berlin", viewport: desktop });
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Barry"));
    const created = (await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Focus call",
      slug: "focus-call",
      duration: 30,
      locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } }],
    })) as { id: string };
    await dashboard.go("Availability");
    await new DashboardSchedulePage(page).open("Working hours");
    return { page, dashboard, schedulePath: new URL(page.url()).pathname, eventTypeId: created.id };
  }

  const forms = [
    { name: "schedule editor", heading: "Working hours", save: "Save schedule" },
    { name: "event type form", heading: "Focus call", save: "Save changes" },
    { name: "settings form", heading: "Settings", save: "Save settings" },
  ];
  for (const form of forms) {
    it(`keeps every tab stop of the ${form.name} clear at 1280 and 375 px`, async () => {
      signedIn ??= signUp();
      const { page, dashboard, schedulePath, eventTypeId } = await signedIn;
      const path = {
        "schedule editor": schedulePath,
        "event type form": `/dashboard/event-types/${eventTypeId}`,
        "settings form": "/dashboard/settings",
      }[form.name];
      for (const viewport of [desktop, phone]) {
        await page.setViewportSize(viewport);
        await page.goto(path ?? "/dashboard");
        await dashboard.heading(form.heading).waitFor();
        await page.getByRole("button", { name: form.save }).waitFor();
        const stops = await tabThroughPage(page, form.save);
        const where = `${form.name} at ${viewport.width} px`;
        expect(stops.length, where).toBeGreaterThan(10);
        expect(
          stops.filter((stop) => stop.hidden),
          where,
        ).toEqual([]);
      }
    }, 180_000);
  }

  it("keeps the tab stops clear of an error toast, which stays", async () => {
    signedIn ??= signUp();
    const { page, dashboard } = await signedIn;
    await page.setViewportSize(phone);
    for (const title of ["Second call", "Third call"]) {
      await dashboard.api("POST", "/api/event-types", {
        kind: "ONE_ON_ONE",
        title,
        slug: title.toLowerCase().replace(" ", "-"),
        duration: 30,
        locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } }],
      });
    }
    await page.route("**/api/event-types/*", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" })
        : route.continue(),
    );
    await page.goto("/dashboard/event-types");
    await page.getByRole("switch", { name: "Focus call can be booked" }).click();
    await page.getByRole("alert").getByRole("button", { name: "Dismiss" }).waitFor();
    const stops = await tabThroughPage(page, "Dismiss");
    expect(stops.length).toBeGreaterThan(10);
    expect(stops.filter((stop) => stop.hidden)).toEqual([]);
  }, 120_000);
});

describe("the page editor's save bar never covers the focused control", () => {
  it("keeps every tab stop of the editor, its blocks and side panel clear at 1280 and 375 px", async () => {
    const { page } = await session.newPage({ timezoneId: "Europe/Berlin", viewport: desktop });
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Pim"));
    await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Page call",
      slug: "page-call",
      duration: 30,
      locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } }],
    });
    await page.goto("/dashboard/page");
    await dashboard.heading("Your profile page").waitFor();
    // Enough blocks that the grid runs under the bar, the last one open in the side panel.
    for (const kind of ["Headline", "Note", "Event type", "Divider", "Headline", "Social links"]) {
      await page.getByRole("button", { name: `Add ${kind}` }).click();
    }
    await page.getByRole("complementary").getByLabel("LinkedIn").fill("https://linkedin.com/in/p");
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      const stops = await tabThroughPage(page, "Save page");
      const where = `page editor at ${viewport.width} px`;
      // The toolbar's ten buttons, five controls per block and the panel's fields at least.
      expect(stops.length, where).toBeGreaterThan(40);
      expect(
        stops.filter((stop) => stop.hidden),
        where,
      ).toEqual([]);
    }
  }, 180_000);
});
