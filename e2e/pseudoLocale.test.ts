import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HOST_NAMESPACES } from "../scripts/catalogParts.mjs";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

// Every catalog text wrapped in ⟦…⟧: text on a page outside the brackets did not come
// through the catalog, so translators can never reach it.
type Catalog = { [key: string]: string | Catalog };
const pseudo = (catalog: Catalog): Catalog =>
  Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [
      key,
      typeof value === "string" ? `⟦${value}⟧` : pseudo(value),
    ]),
  );
const english = JSON.parse(
  await readFile(new URL("../app/locales/en.json", import.meta.url), "utf8"),
) as Catalog;
const part = (host: boolean) =>
  pseudo(
    Object.fromEntries(
      Object.entries(english).filter(([key]) => HOST_NAMESPACES.includes(key) === host),
    ),
  );

const session = await browserSession();
const seed = seeder(baseUrl());

/** A page whose English catalog chunks are answered with the bracketed catalog. */
async function pseudoPage() {
  const { page, context } = await session.newPage({
    locale: "en-US",
    timezoneId: "Europe/Berlin",
    viewport: { width: 1280, height: 900 },
  });
  await page.route(/\/assets\/en-[\w-]+\.js$/, async (route) => {
    const original = await (await route.fetch()).text();
    const host = /[{,]dashboard:\{/.test(original);
    await route.fulfill({
      contentType: "text/javascript",
      body: `export default ${JSON.stringify(part(host))};`,
    });
  });
  return { page, context };
}

// What may stand outside the brackets: data (names, e-mail addresses, titles, dates, times,
// time zones, numbers), the language names (each in its own language) and the brand.
const dataPattern = new RegExp(
  [
    "\\b(January|February|March|April|May|June|July|August|September|October|November|December)\\b",
    "\\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\\b",
    // Weekday headings are upper-cased by CSS, which innerText shows.
    "\\b(MON|TUE|WED|THU|FRI|SAT|SUN)\\b",
    "\\b(AM|PM|GMT|UTC)\\b",
    "[A-Za-z_]+(/[A-Za-z_-]+( [A-Z][a-z]+| of| es)*)+", // IANA time zones, '_' shown as ' '
    "\\bG-X+\\b", // the format of a Google Analytics id, as a placeholder
    "[\\w.+-]+@[\\w.-]+", // e-mail addresses
    "https?://[^\\s⟦]*", // links (meeting URLs, the site's address)
    "\\b(Slotted)\\b",
    "English|Deutsch \\(du\\)|Deutsch|Nederlands|Suomi|Español|Polski|Français|العربية|فارسی",
  ].join("|"),
  "g",
);

/** The visible text of the page that is neither catalog text nor data. */
async function hardCodedTexts(page: Page, data: readonly string[]): Promise<string[]> {
  // The visible text, and the names and hints that assistive technology reads out.
  const text = await page.evaluate(() =>
    [
      // biome-ignore lint/performance/useDomNodeTextContent: only rendered (visible) text counts.
      document.body.innerText,
      document.title,
      ...[...document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")].flatMap(
        (element) =>
          ["aria-label", "placeholder", "title", "alt"]
            .map((name) => element.getAttribute(name) ?? "")
            .filter(Boolean),
      ),
    ].join("\n"),
  );
  const found = new Set<string>();
  for (const line of text.split("\n")) {
    let rest = line;
    // Catalog texts nest ('⟦Powered by ⟦Slotted⟧⟧'): take the innermost first.
    for (let before = ""; before !== rest; ) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
    }
    rest = rest.replace(dataPattern, " ");
    for (const value of data) rest = rest.split(value).join(" ");
    if (/\p{L}{2,}/u.test(rest)) found.add(line.trim());
  }
  return [...found];
}

describe("pseudo-locale", () => {
  it("shows only catalog text and data on the public pages and the home page", async () => {
    const host = await seed.signUpHost({ name: "Hanna Host" });
    await seed.updateMe(host, { profile: { welcomeMessage: "Welcome aboard" } });
    const eventType = await seed.createEventType(host, { title: "Intro call" });
    const data = ["Hanna Host", "Welcome aboard", "Intro call", "Ivy Invitee", "HH", "II"];
    const { page } = await pseudoPage();
    const report: Record<string, string[]> = {};

    await page.goto("/");
    await page.locator("#home-headline").waitFor();
    await page.getByText("⟦", { exact: false }).first().waitFor();
    report.home = await hardCodedTexts(page, data);

    await page.goto(`/${host.username}`);
    await page.getByRole("heading", { name: "Hanna Host", level: 1 }).waitFor();
    report.profile = await hardCodedTexts(page, data);

    await page.goto(`/${host.username}/${eventType.slug}`);
    const day = page.locator("button[data-day]:not([disabled])").first();
    await day.waitFor();
    await day.click();
    const time = page.locator("section", { has: page.locator("#pick-time") }).getByRole("button");
    await time.first().waitFor();
    report.booking = await hardCodedTexts(page, data);

    await time.first().click();
    await page.getByRole("heading", { name: "⟦Enter your details⟧" }).waitFor();
    report.details = await hardCodedTexts(page, data);

    await page.getByLabel("⟦Name⟧", { exact: true }).fill("Ivy Invitee");
    await page.getByLabel("⟦Email⟧", { exact: true }).fill(`ivy-${seed.unique()}@example.com`);
    await page.getByRole("button", { name: "⟦Schedule event⟧" }).click();
    await page.getByRole("heading", { name: "⟦You are scheduled⟧" }).waitFor();
    report.confirmation = await hardCodedTexts(page, data);

    await page.getByRole("link", { name: "⟦Cancel⟧" }).click();
    await page.getByRole("heading", { name: "⟦Cancel this event?⟧" }).waitFor();
    report.cancel = await hardCodedTexts(page, data);

    await page.goto("/no-such-user");
    await page.getByRole("heading", { name: "⟦Page not found⟧" }).waitFor();
    report.notFound = await hardCodedTexts(page, data);

    expect(report).toEqual({
      home: [],
      profile: [],
      booking: [],
      details: [],
      confirmation: [],
      cancel: [],
      notFound: [],
    });
  });

  it("shows only catalog text and data on the dashboard", async () => {
    const host = await seed.signUpHost({ name: "Hanna Host" });
    const eventType = await seed.createEventType(host, { title: "Intro call" });
    const { page } = await pseudoPage();
    const signIn = await page.request.post("/api/auth/login", {
      data: { email: host.email, password: "correct horse battery" },
    });
    expect(signIn.ok()).toBe(true);
    // The server names a new host's first schedule (in English, whatever the language).
    const data = ["Hanna Host", "Intro call", host.username, "HH", "Working hours"];
    const report: Record<string, string[]> = {};
    for (const path of [
      "/dashboard",
      "/dashboard/event-types",
      `/dashboard/event-types/${eventType.id}`,
      "/dashboard/event-types/new",
      "/dashboard/availability",
      "/dashboard/bookings",
      "/dashboard/teams",
      "/dashboard/settings",
      "/dashboard/settings/password",
      "/dashboard/webhooks",
    ]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      report[path] = await hardCodedTexts(page, data);
    }
    expect(Object.entries(report).filter(([, found]) => found.length > 0)).toEqual([]);
  });
});
