import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
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

/** A catalog's text for `key` (its {{placeholders}} cut off), to find controls in any language. */
function catalogText(locale: string, key: string): string {
  const catalog = JSON.parse(readFileSync(`app/locales/${locale}.json`, "utf8"));
  const text = key.split(".").reduce((node, part) => node?.[part], catalog) as unknown;
  if (typeof text !== "string") throw new Error(`no ${key} in ${locale}`);
  return text.split("{{")[0]!.trim();
}

/** Names starting with `text`, bidi isolates allowed around its parts. */
const startsWith = (text: string) =>
  new RegExp(`^[\u2068\u2069]?${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

async function pageIn(locale: string, width: number) {
  const { context, page } = await session.newPage({
    locale: locale === "ar" ? "ar" : "en-US",
    timezoneId: "Europe/Berlin",
    viewport: { width, height: 900 },
  });
  await context.addCookies([{ name: "language", value: locale, url: baseUrl() }]);
  return { context, page };
}

/** A routing form with a question of every kind and a route of every action. */
function axeRoutingForm(eventTypeId: string) {
  const choices = { options: ["Alpha", "Beta", "Gamma"] };
  return {
    title: "Axe routing",
    slug: `axe-rf-${seed.unique()}`,
    description: "Every kind of question.",
    fields: [
      { id: "f1", type: "SHORT_TEXT", label: "Name", identifier: "name", required: true },
      { id: "f2", type: "LONG_TEXT", label: "About", identifier: "about", helpText: "A line." },
      { id: "f3", type: "NUMBER", label: "Size", identifier: "size" },
      { id: "f4", type: "EMAIL", label: "Email", identifier: "mail" },
      { id: "f5", type: "PHONE", label: "Phone", identifier: "phone" },
      { id: "f6", type: "SINGLE_SELECT", label: "Country", identifier: "country", ...choices },
      {
        id: "f7",
        type: "MULTI_SELECT",
        label: "Tools",
        identifier: "tools",
        allowNewOptions: true,
        ...choices,
      },
      { id: "f8", type: "RADIO", label: "Plan", identifier: "plan", ...choices },
      { id: "f9", type: "CHECKBOX", label: "Consent", identifier: "consent" },
    ],
    routes: [
      {
        id: "r1",
        conditions: [{ fieldId: "f6", operator: "equals", value: "Alpha" }],
        action: { type: "EVENT_TYPE", eventTypeId },
      },
      {
        id: "r2",
        join: "any",
        conditions: [
          { fieldId: "f7", operator: "contains", value: ["Beta"] },
          { fieldId: "f3", operator: "greater_than", value: 10 },
        ],
        action: { type: "URL", url: "https://example.com/", appendAnswers: true },
      },
      { id: "fb", isFallback: true, action: { type: "MESSAGE", message: "Thanks." } },
    ],
  };
}

describe("axe on every page, in en and ar, at 1280 and 375 px", () => {
  it("the check fails on a page with a serious violation", async () => {
    const { context, page } = await session.newPage();
    await page.setContent(
      '<html lang="en"><title>t</title><main><h1>h</h1><img src="x.png"></main></html>',
    );
    await expect(expectNoSeriousAxeViolations(page)).rejects.toThrow(/image-alt/);
    await context.close();
  });

  it("the public pages: home, profile, booking, confirmation, cancel, reschedule, payment error, not found, routing form", async () => {
    const host = await seed.signUpHost({ name: "Axe Host" });
    const eventType = await seed.createEventType(host, { title: "Axe call" });
    const email = `${seed.unique()}@example.com`;
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    const booked = await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
      name: "Ivy Invitee",
      email,
    });
    const { cancel, reschedule } = await seed.mailedLinks(email);
    const routingForm = await seed.call<{ slug: string }>(
      "POST",
      "/routing-forms",
      axeRoutingForm(eventType.id),
      host.headers,
    );
    const paths = [
      "/",
      `/${host.username}`,
      `/${host.username}/${eventType.slug}`,
      `/event/${booked.event.uuid}`,
      cancel,
      reschedule,
      `/${host.username}/${eventType.slug}/payment_error`,
      "/no-such-user/no-such-event",
      `/RF/${routingForm.slug}`,
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
    // A type with every editor section filled in: locations, questions, seats and a price.
    const type = await dashboard.api("POST", "/api/event-types", {
      kind: "GROUP",
      title: "Axe workshop",
      slug: "axe-workshop",
      duration: 60,
      seats: 8,
      locations: [{ type: "IN_PERSON", options: { address: "Main St 1" } }],
      questions: [
        { id: "q1", type: "SINGLE_CHOICE", label: "Level", required: true, options: ["A", "B"] },
      ],
      price: { amount: 2500, currency: "EUR" },
    });
    const [schedule] = (await dashboard.api("GET", "/api/schedules")).schedules;
    const routingForm = await dashboard.api("POST", "/api/routing-forms", axeRoutingForm(type.id));
    await dashboard.api("POST", "/api/webhooks", {
      url: "http://127.0.0.1:9/axe",
      events: ["booking.created", "ping"],
    });
    const screens = [
      "/dashboard",
      "/dashboard/event-types",
      "/dashboard/event-types/new?kind=ROUND_ROBIN",
      `/dashboard/event-types/new?kind=FLEXI&teamId=${team.id}`,
      `/dashboard/event-types/${type.id}`,
      "/dashboard/availability",
      `/dashboard/availability/${schedule.id}`,
      "/dashboard/bookings",
      "/dashboard/page",
      "/dashboard/insights",
      `/dashboard/insights?team=${team.id}`,
      "/dashboard/teams",
      `/dashboard/teams/${team.id}`,
      "/dashboard/settings",
      "/dashboard/settings/password",
      "/dashboard/routing-forms",
      `/dashboard/routing-forms/${routingForm.id}`,
      "/dashboard/webhooks",
      "/dashboard/workflows",
      `/dashboard/workflows/new?eventType=${type.id}`,
      "/dashboard/confirm-email?token=made-up",
      "/dashboard/no-such-screen",
    ];
    for (const locale of locales) {
      await context.addCookies([{ name: "language", value: locale, url: baseUrl() }]);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of screens) await judge(page, path, locale);
      }
    }
    await context.addCookies([{ name: "language", value: "en", url: baseUrl() }]);
    await page.goto("/dashboard/event-types");
    await page.getByRole("button", { name: "New event type" }).click();
    await page.getByRole("dialog").waitFor();
    await expectNoSeriousAxeViolations(page);
    await context.close();
  }, 360_000);

  it("the dashboard's dialogs, open and with their errors shown, in en and ar", async () => {
    const host = await seed.signUpHost({ name: "Dia Log" });
    const eventType = await seed.createEventType(host, { title: "Dialog call" });
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
      name: "Ivo Invitee",
      email: `${seed.unique()}@example.com`,
    });
    await seed.call(
      "POST",
      "/webhooks",
      { url: "http://127.0.0.1:9/axe", events: ["ping"] },
      host.headers,
    );
    const form = await seed.call<{ id: string }>(
      "POST",
      "/routing-forms",
      axeRoutingForm(eventType.id),
      host.headers,
    );
    const { page, context } = await pageIn("en", 1280);
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    await page.waitForURL("**/dashboard");

    for (const locale of locales) {
      await context.addCookies([{ name: "language", value: locale, url: baseUrl() }]);
      const t = (key: string) => startsWith(catalogText(locale, key));
      const dialog = page.getByRole("dialog");
      /** Opens a dialog with `opener`, judges it, then with `submit` its errors, and closes it. */
      const judgeDialog = async (what: string, opener: Locator, submit?: string) => {
        await opener.click();
        await dialog.waitFor();
        try {
          await expectNoSeriousAxeViolations(page);
          if (submit) {
            await dialog
              .getByRole("button", { name: t(submit) })
              .last()
              .click();
            await expect
              .poll(async () => (await dialog.getByRole("alert").allTextContents()).join(""))
              .toBe(catalogText(locale, "errors.checkFields"));
            await expectNoSeriousAxeViolations(page);
          }
        } catch (error) {
          throw new Error(`${what} (${locale}): ${error}`);
        }
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
      };
      const open = async (path: string) => {
        await page.goto(path);
        await page.locator("h1").first().waitFor();
        await page.waitForLoadState("networkidle");
      };

      await open("/dashboard/webhooks");
      const add = page.getByRole("button", { name: t("dashboard.webhooks.add") });
      await judgeDialog("add webhook", add, "dashboard.webhooks.create");
      const remove = page.getByRole("button", { name: t("dashboard.common.delete") }).first();
      await judgeDialog("delete webhook", remove);

      await open("/dashboard/calendars");
      const caldav = page.getByRole("button", { name: t("dashboard.calendars.connectCaldav") });
      await judgeDialog("CalDAV", caldav, "dashboard.calendars.connect");
      const feed = page.getByRole("button", { name: t("dashboard.calendars.addFeed") });
      await judgeDialog("ICS feed", feed, "dashboard.calendars.connect");

      await open("/dashboard/teams");
      const newTeam = page.getByRole("button", { name: t("dashboard.teams.new") });
      await judgeDialog("new team", newTeam, "dashboard.teams.create");

      await open(`/dashboard/routing-forms/${form.id}`);
      const deleteForm = page.getByRole("button", { name: t("dashboard.routingForms.delete") });
      await judgeDialog("delete routing form", deleteForm);

      // The booking's details, and cancelling it from there.
      await open("/dashboard/bookings");
      const details = page.getByRole("button", { name: t("dashboard.bookings.details") }).first();
      await details.click();
      await dialog.waitFor();
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole("button", { name: t("dashboard.bookings.cancel") }).click();
      await dialog.locator("textarea").waitFor();
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    }
    await context.close();
  }, 240_000);

  it("the password screens after their forms were sent", async () => {
    const { context, page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    await page.goto("/dashboard/forgot-password");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByRole("button", { name: "Send link" }).click();
    await page.getByText(/a link to reset its password is on its way/).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.goto("/dashboard/reset-password?token=made-up");
    await dashboard.heading("Choose a new password").waitFor();
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("New password again").fill("a brand new password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText(/invalid, used or expired/).waitFor();
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
