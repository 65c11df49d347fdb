import type { Page } from "playwright-core";

/** A tab stop and where it was, against the bar at the bottom of the viewport. */
export interface TabStop {
  /** The focused element, e.g. `button "Save schedule"`. */
  name: string;
  /** True when the element sits under the bar rather than in the clear part of the viewport. */
  hidden: boolean;
  top: number;
  bottom: number;
  barTop: number;
}

/**
 * Presses Tab from the page's start through every stop (until focus comes round to one seen
 * already, or `limit` presses), and after each press says where the focused element is against
 * the fixed or sticky bar that holds the button named `barButton`. An element inside the bar
 * itself is not counted, nor one below a bar that is not stuck; one taller than the clear part
 * need only start in it (WCAG 2.4.11).
 */
export async function tabThroughPage(page: Page, barButton: string, limit = 250) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    (window as unknown as { seenStops: WeakSet<Element> }).seenStops = new WeakSet();
  });
  const stops: TabStop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(async (buttonName) => {
      // What the user sees once the page has reacted to the focus, a frame later.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const seen = (window as unknown as { seenStops: WeakSet<Element> }).seenStops;
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      if (seen.has(focused)) return "again" as const;
      seen.add(focused);
      const button = [...document.querySelectorAll("button")].find(
        (b) => b.textContent?.trim() === buttonName,
      );
      let bar: Element | null = button ?? null;
      while (bar && !["fixed", "sticky"].includes(getComputedStyle(bar).position)) {
        bar = bar.parentElement;
      }
      const label =
        focused.getAttribute("aria-label") ||
        (focused as HTMLInputElement).labels?.[0]?.textContent ||
        focused.textContent ||
        (focused as HTMLInputElement).name ||
        "";
      const name = `${focused.tagName.toLowerCase()} "${label.trim().slice(0, 60)}"`;
      const rect = focused.getBoundingClientRect();
      if (!bar || bar.contains(focused)) {
        return { name, hidden: false, top: rect.top, bottom: rect.bottom, barTop: Number.NaN };
      }
      // A sticky bar at the end of its form sits in the flow: what follows it is below, not under.
      const barRect = bar.getBoundingClientRect();
      const barTop = barRect.top;
      const under =
        rect.top < barRect.bottom && rect.right > barRect.left && rect.left < barRect.right;
      const fits = rect.height <= barTop;
      const hidden = rect.top < 0 || (under && (fits ? rect.bottom > barTop : rect.top >= barTop));
      return { name, hidden, top: rect.top, bottom: rect.bottom, barTop };
    }, barButton);
    if (stop === "again") break;
    if (stop) stops.push(stop);
  }
  return stops;
}
