import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { baseUrl, browserSession } from "./support/browser";

const session = await browserSession();

/** How many lines each element's text takes. */
const lineCounts = (elements: Locator) =>
  elements.evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }),
  );

describe("labels and actions that fit, in long languages, at 375 and 1280 px", () => {
  it("the event type card: durations whole, actions inside the card, one row when wide", async () => {
    const { context, page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    const host = newHost("Fit");
    await dashboard.signUp(host);
    await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Intro call",
      slug: "fit",
      duration: 30,
      durations: [15, 30, 90],
    });
    for (const language of ["fi", "de"]) {
      await context.addCookies([{ name: "language", value: language, url: baseUrl() }]);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/dashboard/event-types");
        const card = page.getByRole("listitem").filter({ hasText: "Intro call" });
        await card.waitFor();
        const where = `${language} at ${width} px`;
        const durations = await lineCounts(card.locator("p span.whitespace-nowrap"));
        expect(durations.length, where).toBe(3);
        expect(
          durations.every((lines) => lines === 1),
          where,
        ).toBe(true);
        const box = (await card.boundingBox())!;
        const actions = await card.locator("a, button").evaluateAll((elements) =>
          elements
            .filter((e) => e.getAttribute("role") !== "switch" && e.tagName !== "INPUT")
            .map((e) => e.getBoundingClientRect())
            // Actions folded away behind "More" take no room.
            .filter((r) => r.width > 0)
            .map((r) => ({ left: r.left, right: r.right, top: Math.round(r.top), h: r.height })),
        );
        for (const action of actions) {
          expect(action.left, where).toBeGreaterThanOrEqual(box.x);
          expect(action.right, where).toBeLessThanOrEqual(box.x + box.width);
        }
        const buttons = actions.filter((a) => a.h >= 44);
        if (width === 1280) expect(new Set(buttons.map((b) => b.top)).size, where).toBe(1);
        else expect(new Set(buttons.map((b) => b.top)).size, where).toBeLessThanOrEqual(2);
      }
    }
    // The booking page's duration choices never break inside a label.
    await context.addCookies([{ name: "language", value: "fi", url: baseUrl() }]);
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`/${host.username}/fit`);
    const group = page.getByRole("group", { name: "Kesto" });
    await group.waitFor();
    const chips = await lineCounts(group.locator("button"));
    expect(chips.length).toBe(3);
    expect(chips.every((lines) => lines === 1)).toBe(true);
  }, 120_000);
});
