import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import appGerman from "../app/locales/de.json" with { type: "json" };
import serverGerman from "../server/locales/de/errors.json" with { type: "json" };
import { BookingPage } from "./pages/BookingPage";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
// Screenshots of the booking page per language, for a person to look at.
const screenshotDir = process.env.SCREENSHOT_DIR ?? tmpdir();
const persianMonths = [
  "فروردین",
  "اردیبهشت",
  "خرداد",
  "تیر",
  "مرداد",
  "شهریور",
  "مهر",
  "آبان",
  "آذر",
  "دی",
  "بهمن",
  "اسفند",
];

async function bookingPath() {
  const host = await seed.signUpHost();
  const eventType = await seed.createEventType(host);
  return `/${host.username}/${eventType.slug}`;
}

describe("interface languages", () => {
  it("lays an Arabic browser's page out right to left in the Arabic font", async () => {
    const path = await bookingPath();
    const { page } = await session.newPage({
      locale: "ar",
      timezoneId: "Asia/Riyadh",
      viewport: { width: 375, height: 812 },
    });
    const booking = new BookingPage(page);
    await booking.open(path);
    await page.getByRole("heading", { name: "اختر تاريخًا" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ar");

    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      const heading = document.getElementById("pick-date");
      return {
        family: heading ? getComputedStyle(heading).fontFamily : "",
        loaded: document.fonts.check('16px "Noto Sans Arabic"', "اختر"),
      };
    });
    expect(font.family).toMatch(/^"?Noto Sans Arabic/);
    expect(font.loaded).toBe(true);

    // Mirrored: the month goes back with the button on the right, the heading starts right.
    const previous = await page.getByRole("button", { name: "الشهر السابق" }).boundingBox();
    const next = await page.getByRole("button", { name: "الشهر التالي" }).boundingBox();
    expect(previous && next && previous.x > next.x).toBe(true);
    const heading = await page.getByRole("heading", { name: "اختر تاريخًا" }).boundingBox();
    expect(heading && heading.x + heading.width > 375 / 2).toBe(true);
    await page.screenshot({ path: join(screenshotDir, "booking-ar-375.png"), fullPage: true });
  });

  it("writes Persian digits for fa and shows Persian months in the Persian calendar", async () => {
    const path = await bookingPath();
    const { page, context } = await session.newPage({
      locale: "fa-IR",
      timezoneId: "Asia/Tehran",
      viewport: { width: 375, height: 812 },
    });
    const booking = new BookingPage(page);
    await booking.open(path);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    const days = await page.locator("button[data-day]").allTextContents();
    expect(days.length).toBeGreaterThan(27);
    for (const day of days) expect(day.trim()).toMatch(/^[۰-۹]+$/);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toMatch(/^"?Vazirmatn/);

    await page.getByLabel("تقویم").selectOption("persian");
    const monthHeading = page.locator("h3[aria-live]");
    await expect
      .poll(() => monthHeading.textContent())
      .toMatch(new RegExp(persianMonths.join("|")));
    expect(await monthHeading.textContent()).toMatch(/[۰-۹]{4}/);
    // The first of a Persian month is day ۱ of the grid, whatever Gregorian date it is.
    expect((await page.locator("button[data-day]").first().textContent())?.trim()).toBe("۱");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "calendar_type")?.value).toBe("persian");
    // The Solar Hijri week starts on Saturday (the Gregorian calendar's stays on Monday).
    expect(await page.locator("thead th").first().getAttribute("abbr")).toBe("شنبه");
    // The month may have no working day left: the next Persian month has some.
    await page.getByRole("button", { name: "ماه بعد" }).click();
    await booking.bookableDates().first().waitFor();
    await page.screenshot({ path: join(screenshotDir, "booking-fa-375.png"), fullPage: true });
    // The chosen day reads as Persian writes it: weekday, day, month, year.
    await booking.chooseFirstDate();
    expect((await page.locator("#pick-time").textContent())?.trim()).toMatch(
      /^[^\s۰-۹]+ [۰-۹]{1,2} [^\s۰-۹]+ [۰-۹]{4}$/,
    );
  });

  it("writes the seats left of a group event in Persian digits in fa", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, { kind: "GROUP", seats: 5 });
    const { page, context } = await session.newPage({ locale: "fa-IR", timezoneId: "Asia/Tehran" });
    await context.addCookies([{ name: "language", value: "fa", url: baseUrl() }]);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.chooseFirstDate();
    const seats = await booking.timeSection().getByRole("button").first().locator("span").nth(1);
    expect((await seats.textContent())?.trim()).toMatch(/^۵ [^0-9]+$/);
  });

  it("books on a French page and mails the invitee a French confirmation", async () => {
    const path = await bookingPath();
    const { page, context } = await session.newPage({
      locale: "fr-FR",
      timezoneId: "Europe/Paris",
    });
    await context.addCookies([{ name: "language", value: "fr", url: baseUrl() }]);
    const booking = new BookingPage(page);
    await booking.open(path);
    await booking.chooseFirstDate();
    await booking.timeSection().getByRole("button").first().click();
    await page.getByRole("heading", { name: "Saisissez vos coordonnées" }).waitFor();
    await page.getByLabel("Nom", { exact: true }).fill("Camille Martin");
    await page.getByLabel("E-mail", { exact: true }).fill("camille@example.com");
    await page.getByRole("button", { name: "Planifier l'événement" }).click();
    await page.getByRole("heading", { name: "Votre réservation est confirmée" }).waitFor();

    const confirmation = async () =>
      (await seed.mailbox()).find((mail) => mail.to === "camille@example.com");
    await expect
      .poll(async () => (await confirmation())?.subject)
      .toMatch(/^Confirmé\s:\sIntro call$/);
    expect((await confirmation())?.text).toMatch(/^Quand\s:/m);
  });

  it("shows the server's field messages in the page's language", async () => {
    const { page, context } = await session.newPage({ locale: "en-US" });
    await context.addCookies([{ name: "language", value: "de", url: baseUrl() }]);
    await page.goto("/");
    const { signUp, fields } = appGerman.auth;
    await page.getByRole("tab", { name: signUp.tab }).click();
    const panel = page.getByRole("tabpanel");
    await panel.getByLabel(fields.name, { exact: true }).fill("Res");
    await panel.getByLabel(fields.email).fill("reserviert@example.com");
    await panel.getByLabel(fields.username).fill("reschedule");
    await panel.getByLabel(fields.password).fill("ein langes Passwort");
    await page.getByRole("button", { name: signUp.submit }).click();
    // "reschedule" is a route word only the server knows to refuse.
    await page.getByText(serverGerman.fields.usernameReserved).first().waitFor();
  });

  it("addresses the invitee with du in de-du", async () => {
    const path = await bookingPath();
    const { page, context } = await session.newPage({
      locale: "de-DE",
      timezoneId: "Europe/Berlin",
      viewport: { width: 375, height: 812 },
    });
    await context.addCookies([{ name: "language", value: "de-du", url: baseUrl() }]);
    await new BookingPage(page).open(path);
    await page.getByText("Wähle ein Datum, um die freien Zeiten zu sehen.").waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de-du");
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("ltr");
    await page.screenshot({ path: join(screenshotDir, "booking-de-du-375.png"), fullPage: true });
  });

  it("switches language in place, keeping the query parameters and the chosen date", async () => {
    const path = await bookingPath();
    const { page, context } = await session.newPage({
      locale: "en-US",
      timezoneId: "Europe/Berlin",
    });
    const booking = new BookingPage(page);
    await booking.open(`${path}?utm_source=newsletter&name=Ana`);
    await booking.chooseFirstDate();
    const chosen = await page
      .locator('button[data-day][aria-pressed="true"]')
      .getAttribute("data-day");
    const url = page.url();

    await page.getByLabel("Language").selectOption({ label: "Deutsch" });
    await page.getByRole("heading", { name: "Datum auswählen" }).waitFor();
    expect(page.url()).toBe(url);
    expect(
      await page.locator('button[data-day][aria-pressed="true"]').getAttribute("data-day"),
    ).toBe(chosen);
    expect(await booking.timeSection().getByRole("button").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    const cookie = (await context.cookies()).find((c) => c.name === "language");
    expect(cookie?.value).toBe("de");
    // About a year. Max-Age counts on the cookie store's clock, the machine's (Playwright's
    // clock is the page's only): a probe cookie of one day says where that clock stands.
    await page.evaluate(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: Max-Age as the app writes its cookies.
      document.cookie = "clockProbe=1; Max-Age=86400; Path=/";
    });
    const probe = (await context.cookies()).find((c) => c.name === "clockProbe");
    const storeNow = (probe?.expires ?? 0) - 86_400;
    expect((cookie?.expires ?? 0) - storeNow).toBeGreaterThan(360 * 24 * 3600);

    await page.getByLabel("Sprache").selectOption("ar");
    await page.getByRole("heading", { name: "اختر تاريخًا" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(page.url()).toBe(url);
  });

  it("offers the languages on the home page", async () => {
    const { page } = await session.newPage({ locale: "en-US" });
    await page.goto("/");
    await page.getByLabel("Language").selectOption("fa");
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  });
});
