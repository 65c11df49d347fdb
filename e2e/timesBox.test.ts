import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

// A day's times beside the calendar: all of them reachable and the hidden ones announced on a
// laptop (issue 38 item 7), and beside the calendar, above the fold, on a small one (item 12).
const session = await browserSession();
const seed = seeder(baseUrl());

/** A host working 09:00-17:00 in Berlin: 16 half-hour times on a whole working day. */
async function workingDayPage() {
  const host = await seed.signUpHost();
  const eventType = await seed.createEventType(host);
  const path = `/${host.username}/${eventType.slug}`;
  const { page } = await session.newPage({ timezoneId: "Europe/Berlin", locale: "en-US" });
  const booking = new BookingPage(page);
  await booking.open(path);
  // The second bookable date is a whole working day whenever the suite runs.
  await booking.chooseDate(1);
  const date = new URL(page.url()).searchParams.get("date");
  await page.context().close();
  return { path, date };
}

const times = (page: Page) => page.locator("section:has(#pick-time) li button");

/** Where the times box shows a time: fully, and not under the fade of an edge with more. */
function timeVisibility(page: Page, index: number) {
  return times(page)
    .nth(index)
    .evaluate((button) => {
      let box = button.parentElement;
      while (box && getComputedStyle(box).overflowY !== "auto") box = box.parentElement;
      if (!box) return "no box";
      const inner = box.getBoundingClientRect();
      const rect = button.getBoundingClientRect();
      const fades = [...(box.parentElement?.querySelectorAll(":scope > [class*='absolute']") ?? [])]
        .map((fade) => fade.getBoundingClientRect())
        .filter((fade) => fade.height > 0);
      if (rect.top < inner.top - 0.5 || rect.bottom > inner.bottom + 0.5) return "clipped";
      const covered = fades.some(
        (fade) => rect.bottom > fade.top + 0.5 && rect.top < fade.bottom - 0.5,
      );
      return covered ? "under a fade" : "visible";
    });
}

describe("a day's times", () => {
  it("at 1280 px: says how many more times there are, shows them, and never hides the focused one", async () => {
    const { path, date } = await workingDayPage();
    const { page } = await session.newPage({
      timezoneId: "Europe/Berlin",
      locale: "en-US",
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(`${path}?date=${date}`);
    await times(page).first().waitFor();
    expect(await times(page).count()).toBe(16);
    const more = page.getByRole("button", { name: /^\d+ more times$/ });
    await more.waitFor();
    const hidden = Number((await more.textContent())?.match(/\d+/)?.[0]);
    const visibleNow = await Promise.all(
      Array.from({ length: 16 }, (_, i) => timeVisibility(page, i)),
    );
    // The count is what the box does not show in full.
    expect(visibleNow.filter((state) => state !== "visible").length).toBe(hidden);
    expect(hidden).toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page);

    // Pressed, it shows the next times and puts the first of them in focus.
    const firstHidden = 16 - hidden;
    await more.click();
    await expect
      .poll(() =>
        times(page)
          .nth(firstHidden)
          .evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    // The fades follow the scroll a frame later: wait for the box to settle, not a fixed time.
    await expect.poll(() => timeVisibility(page, firstHidden)).toBe("visible");

    // The keyboard reaches every time, each in full view when focused; the count goes once
    // the last time shows.
    await times(page).first().focus();
    for (let i = 0; i < 16; i++) {
      await expect
        .poll(() =>
          times(page)
            .nth(i)
            .evaluate((b) => b === document.activeElement),
        )
        .toBe(true);
      await expect
        .poll(() => timeVisibility(page, i), { message: `time ${i + 1}` })
        .toBe("visible");
      if (i < 15) await page.keyboard.press("Tab");
    }
    await expect.poll(() => more.count()).toBe(0);
    // Going back up, the times are clear of the upper fade too.
    for (let i = 15; i > 0; i--) {
      await page.keyboard.press("Shift+Tab");
      await expect
        .poll(() =>
          times(page)
            .nth(i - 1)
            .evaluate((b) => b === document.activeElement),
        )
        .toBe(true);
      await expect
        .poll(() => timeVisibility(page, i - 1), { message: `time ${i} going back` })
        .toBe("visible");
    }
  });

  it("at 900 to 1100 px: sit beside the calendar, the first above the fold at 1000 × 700", async () => {
    const { path, date } = await workingDayPage();
    for (const locale of ["en-US", "ar", "fa-IR"]) {
      for (const width of [900, 1000, 1100]) {
        const where = `${locale} at ${width} px`;
        const { page } = await session.newPage({
          timezoneId: "Europe/Berlin",
          locale,
          viewport: { width, height: 700 },
        });
        await page.goto(`${path}?date=${date}`);
        await times(page).first().waitFor();
        const layout = await page.evaluate(() => {
          const box = (selector: string) =>
            document.querySelector(selector)!.getBoundingClientRect();
          const calendar = box("section:has(#pick-date)");
          const times = box("section:has(#pick-time)");
          const first = box("section:has(#pick-time) li button");
          return {
            scrollY: window.scrollY,
            sideways: document.documentElement.scrollWidth - window.innerWidth,
            beside: times.top < calendar.bottom && calendar.top < times.bottom,
            firstBottom: first.bottom,
          };
        });
        expect(layout.scrollY, where).toBe(0);
        expect(layout.sideways, where).toBeLessThanOrEqual(0);
        expect(layout.beside, where).toBe(true);
        if (width === 1000) expect(layout.firstBottom, where).toBeLessThanOrEqual(700);
        await page.context().close();
      }
    }
  });
});
