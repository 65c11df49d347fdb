import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HomePage } from "./pages/HomePage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());

/** A catalog's text for `key`, its {{placeholders}} cut off: to find controls in any language. */
function catalogText(locale: string, key: string): string {
  const catalog = JSON.parse(readFileSync(`app/locales/${locale}.json`, "utf8"));
  const text = key.split(".").reduce((node, part) => node?.[part], catalog) as unknown;
  if (typeof text !== "string") throw new Error(`no ${key} in ${locale}`);
  return text.split("{{")[0]!.trim();
}

/** Presses Tab until the focused element's accessible text starts with `text` (at most 60). */
async function tabTo(page: Page, text: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const label = element?.id ? document.querySelector(`label[for="${element.id}"]`) : null;
      return (label?.textContent ?? element?.textContent ?? "").trim();
    });
    if (focused.startsWith(text)) return;
  }
  throw new Error(`Tab never reached “${text}”`);
}

describe("booking insights screen", () => {
  it("empty, then charts with their tables and CSV, by keyboard, without axe violations, in en and ar at 1280 and 375 px", async () => {
    const host = await seed.signUpHost({ name: "Bea Insight" });
    const eventType = await seed.createEventType(host, { title: "Strategy call" });
    const unbooked = await seed.createEventType(host, { title: "Unbooked call" });
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    for (const name of ["Ann", "Bob", "Cy"]) {
      await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
        name,
        email: `${seed.unique()}@example.com`,
      });
    }

    const { context, page } = await session.newPage({
      locale: "en-US",
      timezoneId: "Europe/Berlin",
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: "language", value: "en", url: baseUrl() }]);
    const home = new HomePage(page);
    await home.open();
    await home.signIn(host.email, "correct horse battery");
    await page.waitForURL("**/dashboard");

    for (const locale of ["en", "ar"] as const) {
      await context.addCookies([{ name: "language", value: locale, url: baseUrl() }]);
      const text = (key: string) => catalogText(locale, `dashboard.bookingInsights.${key}`);
      const digits = new Intl.NumberFormat(locale);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const where = `${locale}, ${width} px`;

        // An event type nobody booked: the empty state says what to do.
        await page.goto(`/dashboard/insights/bookings?eventType=${unbooked.id}`);
        await page.getByRole("heading", { level: 1, name: text("title") }).waitFor();
        expect(await page.locator("html").getAttribute("dir"), where).toBe(
          locale === "ar" ? "rtl" : "ltr",
        );
        await page.getByRole("heading", { name: text("emptyTitle") }).waitFor();
        await page.getByRole("link", { name: text("emptyAction") }).waitFor();
        await page.waitForLoadState("networkidle");
        await expectNoSeriousAxeViolations(page);

        // By keyboard: to the period, then down to "Next 30 days" (the last option).
        await page.goto("/dashboard/insights/bookings");
        await page.getByRole("heading", { level: 1, name: text("title") }).waitFor();
        await page.waitForLoadState("networkidle");
        await tabTo(page, text("period"));
        // One key at a time, each after the choice before it took (a re-render between two
        // presses could drop one under load).
        const period = page.getByLabel(text("period"), { exact: true });
        const last = await period.locator("option").last().getAttribute("value");
        for (let i = 0; i < 8 && (await period.inputValue()) !== last; i++) {
          const before = await period.inputValue();
          await page.keyboard.press("ArrowDown");
          await expect.poll(() => period.inputValue(), { message: where }).not.toBe(before);
        }
        expect(await period.inputValue(), where).toBe(last);
        // The charts keep the last period's figures until the new ones arrive (aria-busy).
        await expect
          .poll(() => page.getByTestId("insights-over-time").getAttribute("aria-busy"), {
            message: where,
          })
          .toBeNull();
        const chart = page.getByTestId("insights-over-time").locator("svg.recharts-surface");
        await chart.first().waitFor();
        await expect
          .poll(() => page.getByTestId("insights-kpi-bookings").textContent(), { message: where })
          .toBe(digits.format(3));

        // The chart's CSV, by keyboard.
        await tabTo(page, text("downloadCsv"));
        const download = page.waitForEvent("download");
        await page.keyboard.press("Enter");
        const file = await download;
        expect(file.suggestedFilename(), where).toMatch(
          /^bookings-per-day_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
        );
        const csv = readFileSync((await file.path())!, "utf8");
        const lines = csv
          .replace(/^\uFEFF/, "")
          .trim()
          .split("\r\n");
        expect(lines).toHaveLength(31);
        expect(
          lines.slice(1).reduce((sum, line) => sum + Number(line.split(",")[1]), 0),
          where,
        ).toBe(3);

        // Its figures as a table, by keyboard.
        await tabTo(page, catalogText(locale, "dashboard.insights.showTable"));
        await page.keyboard.press("Enter");
        const table = page.getByRole("table", { name: text("overTime") });
        await expect.poll(() => table.isVisible(), { message: where }).toBe(true);
        const bookedRows = table.getByRole("row").filter({ hasText: digits.format(3) });
        expect(await table.getByRole("row").count(), where).toBe(31);
        expect(
          (await bookedRows.count()) +
            (await table
              .getByRole("row")
              .filter({ hasText: digits.format(1) })
              .count()),
          where,
        ).toBeGreaterThan(0);
        // Every chart has its table; the busiest times are a table themselves.
        for (const title of ["byEventType", "byHost", "leadTime", "heatmap"]) {
          expect(
            await page.getByRole("table", { name: new RegExp(`^${text(title)}`) }).count(),
            `${where}: ${title}`,
          ).toBe(1);
        }
        await page.waitForLoadState("networkidle");
        await expectNoSeriousAxeViolations(page);

        // Opened on a period with meetings, the first chart is drawn at once.
        const opened = performance.now();
        await page.goto("/dashboard/insights/bookings?period=next30");
        await chart.first().waitFor();
        console.log(
          `${where}: first chart visible ${Math.round(performance.now() - opened)} ms after opening (machine under load)`,
        );
      }
    }
    await context.close();
  }, 300_000);
});
