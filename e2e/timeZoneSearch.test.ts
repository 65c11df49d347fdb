import { describe, expect, it } from "vitest";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { DashboardSchedulePage } from "./pages/DashboardSchedulePage";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());

describe("finding a time zone by country, city or common name", () => {
  it("on the booking page, in the page's language", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host);
    const { context, page } = await session.newPage({ timezoneId: "Europe/Berlin" });
    await context.addCookies([{ name: "language", value: "de", url: baseUrl() }]);
    await page.goto(`/${host.username}/${eventType.slug}`);
    await page.getByRole("button", { name: /^Zeitzone/ }).click();
    const search = page.getByRole("combobox", { name: "Zeitzonen durchsuchen" });
    const options = page.getByRole("option");
    for (const [query, zone] of [
      ["Indien", "Asia/Kolkata"],
      ["São Paulo", "America/Sao Paulo"],
      ["Tehran", "Asia/Tehran"],
    ] as const) {
      await search.fill(query);
      await expect.poll(() => options.first().textContent()).toContain(zone);
    }
    await search.fill("Indien");
    await search.press("Enter");
    await page.getByRole("button", { name: /^Zeitzone Asia\/Kolkata/ }).waitFor();
  });

  it("in the dashboard's schedule editor, with the same picker and current names", async () => {
    const { page } = await session.newPage({ timezoneId: "Europe/Berlin" });
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Zed"));
    await dashboard.go("Availability");
    const schedule = new DashboardSchedulePage(page);
    await schedule.open("Working hours");
    await page.getByRole("button", { name: /^Time zone/ }).click();
    const search = page.getByRole("combobox", { name: "Search time zones" });
    await search.fill("Pacific Time");
    await page.getByRole("option", { name: /^America\/Los Angeles/ }).waitFor();
    expect(await page.getByRole("option", { name: /^Europe\// }).count()).toBe(0);
    await search.fill("India");
    // India first, then Indiana: whole words before parts of words.
    const india = page.getByRole("option", { name: /^Asia\/Kolkata/ });
    await india.waitFor();
    const names = await page.getByRole("option").allTextContents();
    expect(names.findIndex((n) => n.startsWith("Asia/Kolkata"))).toBeLessThan(
      names.findIndex((n) => n.startsWith("America/Indiana")),
    );
    expect(await page.getByRole("option", { name: /Calcutta/ }).count()).toBe(0);
    await india.click();
    await schedule.save();
    await dashboard.toast("Schedule saved.");
    const [stored] = (await (await page.request.get("/api/schedules")).json()).schedules;
    expect(stored.timeZone).toBe("Asia/Kolkata");
  });
});
