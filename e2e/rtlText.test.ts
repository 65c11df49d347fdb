import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
// Screenshots for a person to look at.
const screenshotDir = process.env.SCREENSHOT_DIR ?? tmpdir();

const title = "30 minute meeting";
const description = "Let us talk about your project.";

/**
 * Where `first` and `last` (parts of the text node holding `text`) are drawn, and how the
 * element around them isolates its text.
 */
function layout(page: Page, text: string, first: string, last: string) {
  return page.evaluate(
    ({ text, first, last }) => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let node: Text | null = null;
      while (walker.nextNode()) {
        const current = walker.currentNode as Text;
        if (current.data === text && current.parentElement?.offsetParent !== null) {
          node = current;
          break;
        }
      }
      if (node === null) throw new Error(`no visible text node "${text}"`);
      const box = (part: string) => {
        const range = document.createRange();
        const start = part === last ? text.lastIndexOf(part) : text.indexOf(part);
        range.setStart(node, start);
        range.setEnd(node, start + part.length);
        return range.getBoundingClientRect();
      };
      const element = node.parentElement!;
      return {
        firstX: box(first).x,
        lastX: box(last).x,
        dir: element.getAttribute("dir"),
        unicodeBidi: getComputedStyle(element).unicodeBidi,
      };
    },
    { text, first, last },
  );
}

/** Which way the month button's chevron points on screen (its path draws a ">" unrotated). */
function chevronPoints(page: Page, name: string) {
  return page.getByRole("button", { name }).evaluate((button) => {
    const rotate = getComputedStyle(button.querySelector("svg")!).rotate;
    return rotate === "180deg" ? "left" : "right";
  });
}

async function openInArabic(width: number) {
  const { page, context } = await session.newPage({
    locale: "ar",
    timezoneId: "Asia/Riyadh",
    viewport: { width, height: 900 },
  });
  await context.addCookies([{ name: "language", value: "ar", url: baseUrl() }]);
  return page;
}

describe("host-written text on right-to-left pages", () => {
  it("keeps an English title's and description's order inside an Arabic booking page", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, { title, description });
    for (const width of [1280, 375]) {
      const page = await openInArabic(width);
      await new BookingPage(page).open(`/${host.username}/${eventType.slug}`);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");

      // Isolated, "30" comes first (on the left) as the host wrote it, not after "meeting".
      const heading = await layout(page, title, "30", "meeting");
      expect(heading.firstX).toBeLessThan(heading.lastX);
      expect(heading).toMatchObject({ dir: "auto", unicodeBidi: "isolate" });
      // The full stop stays at the end of the sentence, right of its last word.
      const text = await layout(page, description, "project", ".");
      expect(text.firstX).toBeLessThan(text.lastX);
      expect(text).toMatchObject({ dir: "auto", unicodeBidi: "isolate" });

      // The next month is on the left and its arrow points left; the previous one mirrors it.
      const previous = await page.getByRole("button", { name: "الشهر السابق" }).boundingBox();
      const next = await page.getByRole("button", { name: "الشهر التالي" }).boundingBox();
      expect(next!.x).toBeLessThan(previous!.x);
      expect(await chevronPoints(page, "الشهر التالي")).toBe("left");
      expect(await chevronPoints(page, "الشهر السابق")).toBe("right");
      await page.screenshot({ path: join(screenshotDir, `rtl-text-booking-ar-${width}.png`) });
    }
  });

  it("keeps a question's English label, its options and a typed answer in their order", async () => {
    const host = await seed.signUpHost();
    const label = "30 minute topic.";
    const eventType = await seed.createEventType(host, {
      title,
      questions: [
        { id: "topic", type: "SHORT_TEXT", label, required: true },
        {
          id: "size",
          type: "SINGLE_CHOICE",
          label: "Size",
          required: true,
          options: ["2 people."],
        },
      ],
    });
    const page = await openInArabic(375);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.bookableDates().first().click();
    await booking.timeSection().getByRole("button").first().click();
    const answer = page.getByRole("textbox", { name: `\u2068${label}\u2069` });
    await answer.fill("Budget 2027.");

    // Isolated by FSI … PDI in the label's text, "30" stays left of "topic." as written.
    const isolated = await layout(page, `\u2068${label}\u2069`, "30", "topic.");
    expect(isolated.firstX).toBeLessThan(isolated.lastX);
    const option = await layout(page, "\u20682 people.\u2069", "2", "people.");
    expect(option.firstX).toBeLessThan(option.lastX);
    // The answer field takes the direction of what is typed into it.
    expect(await answer.getAttribute("dir")).toBe("auto");
    expect(await answer.evaluate((input) => input.matches(":dir(ltr)"))).toBe(true);
    await page.screenshot({ path: join(screenshotDir, "rtl-text-question-ar-375.png") });
  });

  it("points the month arrows the other way in a left-to-right page", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, { title });
    const { page } = await session.newPage({ locale: "en-US", timezoneId: "UTC" });
    await new BookingPage(page).open(`/${host.username}/${eventType.slug}`);
    expect(await chevronPoints(page, "Next month")).toBe("right");
    expect(await chevronPoints(page, "Previous month")).toBe("left");
  });

  it("isolates the host's name, welcome message and event cards on an Arabic profile page", async () => {
    const host = await seed.signUpHost();
    await seed.createEventType(host, { title, description });
    const page = await openInArabic(375);
    await page.goto(`/${host.username}`);
    await page.getByText(title).waitFor();
    const card = await layout(page, title, "30", "meeting");
    expect(card.firstX).toBeLessThan(card.lastX);
    expect(card).toMatchObject({ dir: "auto", unicodeBidi: "isolate" });
    const cardText = await layout(page, description, "project", ".");
    expect(cardText.firstX).toBeLessThan(cardText.lastX);
    // Isolated, yet aligned with the Arabic page: the card's title ends at its right edge.
    const edges = await page.getByRole("link", { name: title }).evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link.querySelector("bdi")!);
      const words = range.getBoundingClientRect();
      const box = link.getBoundingClientRect();
      return {
        words: words.right,
        box: box.right - Number.parseFloat(getComputedStyle(link).paddingRight),
      };
    });
    expect(Math.abs(edges.words - edges.box)).toBeLessThan(2);
    const name = await page.getByRole("heading", { level: 1 }).evaluate((heading) => {
      const inner = heading.querySelector("bdi");
      return inner ? getComputedStyle(inner).unicodeBidi : getComputedStyle(heading).unicodeBidi;
    });
    expect(name).toBe("isolate");
    await page.screenshot({ path: join(screenshotDir, "rtl-text-profile-ar-375.png") });
  });
});
