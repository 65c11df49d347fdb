import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HomePage } from "./pages/HomePage";
import { baseUrl, browserSession } from "./support/browser";
import { backgroundBehind, contrastOf } from "./support/contrast";
import { seeder } from "./support/seed";

// Issue 31, item 6 (WCAG 1.4.4): the host's page builder and Insights with text at 200 %,
// in Arabic, at desktop and phone widths: nothing scrolls sideways, nothing is squeezed to a
// word per line, table headers stay apart and counts are not cut off.
const session = await browserSession();
const seed = seeder(baseUrl());

/** The page's width against the window's, with the innermost elements that stick out. */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    // Inside a scrolling strip (the phone's section menu) sticking out is that strip's business.
    const inScroller = (element: Element) => {
      for (
        let node = element.parentElement;
        node && node !== document.body;
        node = node.parentElement
      )
        if (getComputedStyle(node).overflowX !== "visible") return true;
      return false;
    };
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 1 && (box.right > clientWidth + 0.5 || box.left < -0.5) && !inScroller(element)
      );
    };
    const wide = [...document.body.querySelectorAll("*")]
      .filter(sticksOut)
      .filter((element) => ![...element.children].some(sticksOut))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName}.${element.className}: ${element.textContent?.slice(0, 40)}`,
      );
    return scrollWidth > clientWidth ? wide.concat(`${scrollWidth} > ${clientWidth}`) : [];
  });
}

/** Text that is cut off inside its own box (wider than shown, not scrollable to). */
const clipped = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent),
  );

/** A host with three blocks and visits from two sites and three devices, signed in, in ar at 200 %. */
async function signedInHost() {
  const host = await seed.signUpHost({ name: "Tala Text" });
  const eventType = await seed.createEventType(host, { title: "Discovery call" });
  const at = (y: number, w = 4) => ({ x: 0, y, w, h: 1 });
  const components = new FormData();
  components.append(
    "components",
    JSON.stringify({
      blocks: [
        { id: "event", kind: "event", eventTypeId: eventType.id, layout: at(0), visible: true },
        {
          id: "links",
          kind: "socials",
          links: [{ network: "x", url: "https://x.example/tala" }],
          layout: at(1, 2),
          visible: true,
        },
        {
          id: "note",
          kind: "note",
          html: "<p>Welcome to my page, with a longer note.</p>",
          layout: at(2, 2),
          visible: true,
        },
      ],
    }),
  );
  const saved = await fetch(`${baseUrl()}/api/page/${host.username}`, {
    method: "POST",
    headers: host.headers,
    body: components,
  });
  expect(saved.status, await saved.text()).toBe(200);
  const ping = (query: string) =>
    fetch(`${baseUrl()}/api/analytics?public_id=${host.username}&${query}`);
  for (const [device, referrer] of [
    ["desktop", "https://news.example.org/a"],
    ["mobile", "https://search.example.com/q"],
    ["tablet", ""],
  ]) {
    const view = await ping(
      `action=profile_page_viewed&device=${device}${referrer ? `&referrer=${encodeURIComponent(referrer)}` : ""}`,
    );
    expect(view.status).toBe(204);
  }

  const { page, context } = await session.newPage({
    timezoneId: "Asia/Riyadh",
    locale: "en-US",
    viewport: { width: 1280, height: 900 },
  });
  await new HomePage(page).open();
  await new HomePage(page).signIn(host.email, "correct horse battery");
  await page.waitForURL("**/dashboard");
  await context.addCookies([{ name: "language", value: "ar", url: baseUrl() }]);
  // Text at 200 %, as a browser's text-size setting or a user style sheet makes it.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = "html { font-size: 200% !important; }";
      document.head.append(style);
    });
  });

  return page;
}

const widths = [1280, 375] as const;
const page = await signedInHost();

describe("200 % text in Arabic", () => {
  it("the page builder's blocks keep the width for their text, and nothing scrolls sideways", async () => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const where = `at ${width} px`;
      await page.goto("/dashboard/page");
      const blocks = page.locator("[data-block-id]");
      await blocks.first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang), where).toBe("ar");
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
        "32px",
      );
      expect(await sideways(page), where).toEqual([]);
      // Each block is wide enough for a few words of its text (16 em of the text at 200 %).
      const blockWidths = await blocks.evaluateAll((elements) =>
        elements.map((element) => {
          const em = Number.parseFloat(getComputedStyle(element).fontSize);
          return element.getBoundingClientRect().width / em;
        }),
      );
      expect(blockWidths.length, where).toBe(3);
      for (const w of blockWidths)
        expect(w, where).toBeGreaterThanOrEqual(Math.min(16, width / 40));
    }
  });

  it("Insights' referrer and device tables keep their headers apart and their counts whole", async () => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const where = `at ${width} px`;
      await page.goto("/dashboard/insights");
      for (const name of ["أهم المواقع المُحيلة", "الأجهزة"]) {
        const table = page.getByRole("table", { name });
        await table.getByRole("row").nth(2).waitFor();
        expect(await sideways(page), where).toEqual([]);
        // The two headers apart, with room between them, each on its own.
        const headers = await table.locator("thead th").evaluateAll((cells) =>
          cells.map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const text = range.getBoundingClientRect();
            return { left: text.left, right: text.right };
          }),
        );
        expect(headers.length).toBe(2);
        const [label, count] = headers as [
          { left: number; right: number },
          { left: number; right: number },
        ];
        // Right to left: the label on the right, the count heading on the left.
        expect(label.left - count.right, `${name} ${where}`).toBeGreaterThanOrEqual(8);
        expect(await clipped(table.locator("th, td")), `${name} ${where}`).toEqual([]);
        // Every count and header lies inside the table's card.
        const card = (await table.locator("xpath=ancestor::section[1]").boundingBox())!;
        const cells = await table.locator("th, td").evaluateAll((cells) =>
          cells.map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const box = range.getBoundingClientRect();
            return { left: box.left, right: box.right, text: cell.textContent };
          }),
        );
        for (const cell of cells) {
          expect(cell.left, `${cell.text} ${where}`).toBeGreaterThanOrEqual(card.x - 0.5);
          expect(cell.right, `${cell.text} ${where}`).toBeLessThanOrEqual(
            card.x + card.width + 0.5,
          );
        }
      }
    }
  });

  it("the note editor's edge stands 3:1 off the panel it sits on (gray-400 was 2.5:1)", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/dashboard/page");
    await page.locator("[data-block-id='note'] button").nth(1).click();
    const note = page.getByRole("complementary").locator(".page-note");
    await note.waitFor();
    expect(
      await contrastOf(note, "borderTopColor", await backgroundBehind(note, true)),
    ).toBeGreaterThanOrEqual(3);
  });
});
