import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

// Every page a visitor or a host can reach, in a left-to-right and a right-to-left language,
// wide and at phone width. Each page is judged once its h1 is there and the network is quiet.
const session = await browserSession();
const seed = seeder(baseUrl());
const locales = ["en", "ar"] as const;
const widths = [1280, 375] as const;

async function judge(page: Page, path: string, locale: string) {
  await page.goto(path);
  await page.locator("h1").first().waitFor();
  await page.waitForLoadState("networkidle");
  // Chosen states fade to their colours: axe judges them once they are there.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await page.locator("html").getAttribute("dir")).toBe(locale === "ar" ? "rtl" : "ltr");
  try {
    await expectNoSeriousAxeViolations(page);
  } catch (error) {
    throw new Error(`${path} (${locale}, ${page.viewportSize()?.width} px): ${error}`);
  }
}

async function pageIn(locale: string, width: number) {
  const { context, page } = await session.newPage({
    locale: locale === "ar" ? "ar" : "en-US",
    timezoneId: "Europe/Berlin",
    viewport: { width, height: 900 },
  });
  await context.addCookies([{ name: "language", value: locale, url: baseUrl() }]);
  return { context, page };
}

describe("axe on every page, in en and ar, at 1280 and 375 px", () => {
  it("the public pages: home, profile, booking, confirmation, cancel, reschedule, payment error, not found", async () => {
    const host = await seed.signUpHost({ name: "Axe Host" });
    const eventType = await seed.createEventType(host, { title: "Axe call" });
    const email = `${seed.unique()}@example.com`;
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    const booked = await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
      name: "Ivy Invitee",
      email,
    });
    const { cancel, reschedule } = await seed.mailedLinks(email);
    const paths = [
      "/",
      `/${host.username}`,
      `/${host.username}/${eventType.slug}`,
      `/event/${booked.event.uuid}`,
      cancel,
      reschedule,
      `/${host.username}/${eventType.slug}/payment_error`,
      "/no-such-user/no-such-event",
    ];
    for (const locale of locales) {
      for (const width of widths) {
        const { context, page } = await pageIn(locale, width);
        for (const path of paths) await judge(page, path, locale);
        await context.close();
      }
    }
  }, 240_000);

  it("the dashboard and its signed-out screens", async () => {
    const signedOut = [
      "/dashboard/forgot-password",
      "/dashboard/reset-password?token=made-up",
      "/dashboard/verify-email?token=made-up",
      "/dashboard/invitation?token=made-up",
    ];
    for (const locale of locales) {
      for (const width of widths) {
        const { context, page } = await pageIn(locale, width);
        for (const path of signedOut) await judge(page, path, locale);
        await context.close();
      }
    }

    const { context, page } = await pageIn("en", 1280);
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Axa"));
    const team = await dashboard.api("POST", "/api/teams", {
      name: "Axe Team",
      slug: `axe-${seed.unique()}`,
    });
    const type = await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Axe type",
      slug: "axe-type",
      duration: 30,
    });
    const [schedule] = (await dashboard.api("GET", "/api/schedules")).schedules;
    const screens = [
      "/dashboard",
      "/dashboard/event-types",
      "/dashboard/event-types/new?kind=ROUND_ROBIN",
      `/dashboard/event-types/${type.id}`,
      "/dashboard/availability",
      `/dashboard/availability/${schedule.id}`,
      "/dashboard/bookings",
      "/dashboard/teams",
      `/dashboard/teams/${team.id}`,
      "/dashboard/settings",
      "/dashboard/settings/password",
      "/dashboard/confirm-email?token=made-up",
    ];
    for (const locale of locales) {
      await context.addCookies([{ name: "language", value: locale, url: baseUrl() }]);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of screens) await judge(page, path, locale);
      }
    }
    await context.close();
  }, 300_000);
});
