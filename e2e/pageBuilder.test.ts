import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HomePage } from "./pages/HomePage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const shots = "/tmp/page-shots";
mkdirSync(shots, { recursive: true });

/** A 2×2 red PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

/** The block ids of the editor's grid, in the order it lists them. */
const editorOrder = (page: Page) =>
  page
    .locator("ol li[data-block-id]")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-block-id")));

describe("page builder", () => {
  it("a new host builds a page of every block kind, reorders it, saves; invitees see it on phones and desktops, in ar too", async () => {
    const host = await seed.signUpHost({ name: "Pia Builder" });
    const colleague = await seed.signUpHost({ name: "Cole Mate" });
    await seed.createTeam(host, [colleague], "Pia's Team");
    const eventType = await seed.createEventType(host, { title: "Discovery call" });

    const { page } = await session.newPage({
      timezoneId: "Europe/Berlin",
      locale: "en-US",
      viewport: { width: 1280, height: 900 },
    });
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: "Profile page", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Your profile page" }).waitFor();
    await page.getByText("No blocks yet.").waitFor();

    const panel = page.getByRole("complementary");
    const add = (kind: string) => page.getByRole("button", { name: `Add ${kind}` }).click();
    await add("Headline");
    await panel.getByLabel("Headline text").fill("Hello, I am Pia");
    await add("Note");
    await panel.getByRole("textbox", { name: "Note text" }).click();
    await page.keyboard.type("Coffee chats ");
    await panel.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("every Friday");
    await add("Image or video");
    await panel
      .getByLabel("Image or video file")
      .setInputFiles({ name: "pia.png", mimeType: "image/png", buffer: PNG });
    await panel.getByLabel("Description for screen readers").fill("Pia smiling");
    await add("Divider");
    await add("Background colour");
    await add("Event type");
    await add("Team member");
    await panel.getByLabel("Team member").selectOption({ label: "Cole Mate" });
    await add("People");
    await add("Teams");
    await add("Social links");
    await panel.getByLabel("LinkedIn").fill("https://www.linkedin.com/in/pia");
    expect(await page.locator("ol li[data-block-id]").count()).toBe(10);
    await expectNoSeriousAxeViolations(page);

    // Keyboard: the last block (social links) moves up one place, and the move is announced.
    const before = await editorOrder(page);
    const handle = page.getByRole("button", { name: "Move Social links (block 10)" });
    await handle.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await expect
      .poll(() => page.getByText("Social links (block 9) dropped at position 9 of 10.").count())
      .toBe(1);
    const afterKeyboard = await editorOrder(page);
    expect(afterKeyboard).not.toEqual(before);
    expect(afterKeyboard.indexOf(before[9]!)).toBe(8);

    // Pointer: drag the headline onto the divider's place.
    const headline = page.locator(`li[data-block-id="${before[0]}"] button[aria-label^="Move"]`);
    const divider = page.locator(`li[data-block-id="${before[3]}"]`);
    await headline.scrollIntoViewIfNeeded();
    const from = (await headline.boundingBox())!;
    const to = (await divider.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10);
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(
        from.x + ((to.x + to.width / 2 - from.x) * step) / 12,
        from.y + ((to.y + to.height / 2 - from.y) * step) / 12,
      );
      // dnd-kit measures and moves the other blocks between pointer events, in a frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    await page.mouse.up();
    await expect.poll(async () => (await editorOrder(page)).indexOf(before[0]!)).toBeGreaterThan(0);

    // Resize by keyboard: the headline goes from four columns to three, and says so.
    const resize = page.getByRole("button", { name: /^Resize Headline/ });
    await resize.focus();
    await page.keyboard.press("ArrowLeft");
    await page
      .getByText(/Headline \(block \d+\): width 3, height 1\./)
      .waitFor({ state: "attached" });
    await page.keyboard.press("ArrowRight");

    // Delete with undo: the block comes back in its place, and focus is on Undo meanwhile.
    const dividerName = await page
      .locator(`li[data-block-id="${before[3]}"] button[aria-pressed]:not([aria-roledescription])`)
      .textContent();
    const orderBeforeDelete = await editorOrder(page);
    await page.getByRole("button", { name: `Delete ${dividerName}`, exact: true }).click();
    expect(await page.locator("ol li[data-block-id]").count()).toBe(9);
    const undo = page.getByRole("button", { name: "Undo" });
    await expect.poll(() => undo.evaluate((node) => node === document.activeElement)).toBe(true);
    await undo.click();
    expect(await editorOrder(page)).toEqual(orderBeforeDelete);

    await page.getByText("Unsaved changes").waitFor();
    await page.screenshot({ path: `${shots}/editor-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByText("Your page is saved and live.").waitFor();
    expect(await page.getByText("Unsaved changes").count()).toBe(0);
    await page.getByRole("button", { name: "Phone" }).click();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${shots}/editor-375.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // The invitee at desktop width: the grid, every kind, the image lazy-loaded.
    const pings: string[] = [];
    const desktop = (
      await session.newPage({ locale: "en-US", viewport: { width: 1280, height: 900 } })
    ).page;
    desktop.on("request", (request) => {
      if (request.url().includes("/api/analytics")) pings.push(request.url());
    });
    await desktop.goto(`/${host.username}`);
    await desktop.getByRole("heading", { name: "Hello, I am Pia" }).waitFor();
    await desktop.getByText("every Friday").waitFor();
    expect(await desktop.locator("b, strong", { hasText: "every Friday" }).count()).toBe(1);
    const image = desktop.getByRole("img", { name: "Pia smiling" });
    // An image in the first two blocks is above the fold and loads at once; later ones lazily.
    const mediaAt = await desktop
      .locator("section[data-block]")
      .evaluateAll((blocks) => blocks.findIndex((b) => b.getAttribute("data-block") === "media"));
    expect(await image.getAttribute("loading")).toBe(mediaAt < 2 ? "eager" : "lazy");
    await desktop
      .getByRole("link", { name: /Cole Mate/ })
      .first()
      .waitFor();
    await desktop.getByRole("link", { name: "LinkedIn" }).waitFor();
    await desktop.getByRole("link", { name: /Pia's Team/ }).waitFor();
    const halfA = (await desktop.locator('[data-block="media"]').boundingBox())!;
    expect(halfA.width).toBeLessThan(700);
    await expectNoSeriousAxeViolations(desktop);
    await desktop.screenshot({ path: `${shots}/public-1280.png`, fullPage: true });

    // A click on the event block counts for that block and opens booking.
    await desktop.getByRole("link", { name: /Discovery call/ }).click();
    await desktop.waitForURL(new RegExp(`/${host.username}/${eventType.slug}`));
    await expect
      .poll(() =>
        pings.some((url) => /action=component_clicked/.test(url) && /component_id=/.test(url)),
      )
      .toBe(true);

    // A phone: one column, every block as wide as the page's content.
    const phone = (
      await session.newPage({ locale: "en-US", viewport: { width: 375, height: 812 } })
    ).page;
    await phone.goto(`/${host.username}`);
    await phone.getByRole("heading", { name: "Hello, I am Pia" }).waitFor();
    const widths = await phone
      .locator("section[data-block]")
      .evaluateAll((blocks) => blocks.map((b) => Math.round(b.getBoundingClientRect().width)));
    expect(new Set(widths).size).toBe(1);
    await phone.screenshot({ path: `${shots}/public-375.png`, fullPage: true });

    // Arabic: right to left, the blocks' own text kept.
    const arabic = (await session.newPage({ locale: "ar", viewport: { width: 375, height: 812 } }))
      .page;
    await arabic.goto(`/${host.username}`);
    await arabic.getByRole("heading", { name: "Hello, I am Pia" }).waitFor();
    expect(await arabic.locator("html").getAttribute("dir")).toBe("rtl");
    await arabic.getByRole("link", { name: "LinkedIn" }).waitFor();
    await expectNoSeriousAxeViolations(arabic);
    await arabic.screenshot({ path: `${shots}/public-ar-375.png`, fullPage: true });
  });

  it("a team admin builds the team's page with a member block; an invitee sees it and books from it", async () => {
    const admin = await seed.signUpHost({ name: "Tess Admin" });
    const member = await seed.signUpHost({ name: "Milo Member" });
    const team = await seed.createTeam(admin, [member], "Tess Team");
    const miloIntro = await seed.createEventType(member, { title: "Milo's intro" });
    await seed.createEventType(admin, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      title: "Team demo",
      hosts: [{ userId: admin.id }, { userId: member.id }],
    });

    const { page } = await session.newPage({
      timezoneId: "Europe/Berlin",
      locale: "en-US",
      viewport: { width: 1280, height: 900 },
    });
    await new HomePage(page).open();
    await new HomePage(page).signIn(admin.email, "correct horse battery");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: "Teams", exact: true }).click();
    await page.getByRole("link", { name: "Tess Team" }).click();
    await page.getByRole("link", { name: "Edit team page" }).click();
    await page.getByRole("heading", { level: 1, name: "Page of Tess Team" }).waitFor();

    const panel = page.getByRole("complementary");
    const preview = page.getByTestId("page-preview");
    const add = (kind: string) => page.getByRole("button", { name: `Add ${kind}` }).click();
    await add("Headline");
    await panel.getByLabel("Headline text").fill("Welcome to Tess Team");
    await add("Team member");
    await panel.getByLabel("Team member").selectOption({ label: "Milo Member" });
    // The preview lists the member's event types, as the public page will.
    await preview.getByRole("link", { name: "Milo's intro" }).waitFor();
    await add("Event type");
    await preview.getByRole("link", { name: /Team demo/ }).waitFor();
    await add("People");
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByText("Your page is saved and live.").waitFor();

    const invitee = (
      await session.newPage({ locale: "en-US", viewport: { width: 375, height: 812 } })
    ).page;
    await invitee.goto(`/${team.slug}`);
    await invitee.getByRole("heading", { name: "Welcome to Tess Team" }).waitFor();
    await invitee.getByRole("link", { name: /Team demo/ }).waitFor();
    await invitee.getByRole("list", { name: "People" }).getByText("Tess Admin").waitFor();
    await expectNoSeriousAxeViolations(invitee);
    await invitee.getByRole("link", { name: "Milo's intro" }).click();
    await invitee.waitForURL(new RegExp(`/${member.username}/${miloIntro.slug}`));
  });

  it("one Save stores the welcome message, the links and the blocks; leaving unsaved asks first", async () => {
    const host = await seed.signUpHost({ name: "Sol Social" });
    const { page } = await session.newPage({
      locale: "en-US",
      viewport: { width: 1280, height: 900 },
    });
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: "Profile page", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Your profile page" }).waitFor();
    await page.getByLabel("Welcome message").fill("Glad you are here.");
    await page.getByRole("button", { name: "Add Headline" }).click();
    await page.getByRole("complementary").getByLabel("Headline text").fill("Sol's corner");
    const form = page.getByRole("group", { name: "Social links under your name" });
    await form.getByLabel("Instagram").fill("not a link");
    await form.getByLabel("Website").fill("https://sol.example");
    // Only the page's one Save is left: no button saves a part alone.
    expect(await page.getByRole("button", { name: /^Save (?!page$)/ }).count()).toBe(0);

    // Leaving with unsaved changes asks; "stay" keeps the screen and what was typed.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "Event types", exact: true }).click();
    await expect
      .poll(() => asked)
      .toEqual(["Your page has unsaved changes. Leave without saving them?"]);
    await page.getByRole("heading", { level: 1, name: "Your profile page" }).waitFor();
    expect(await page.getByLabel("Welcome message").inputValue()).toBe("Glad you are here.");

    await page.getByRole("button", { name: "Save page" }).click();
    // A bad link is named at its field.
    await form.getByText("Please enter a valid URL.").waitFor();
    await form.getByLabel("Instagram").fill("https://instagram.com/sol");
    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByText("Your page is saved and live.").waitFor();
    // The preview's header shows them, in the networks' order.
    const preview = page.getByTestId("page-preview").getByRole("list", { name: "Social links" });
    await expect
      .poll(() => preview.getByRole("link").allTextContents())
      .toEqual(["Instagram", "Website"]);
    await expectNoSeriousAxeViolations(page);

    // After a reload everything is still there, and nothing asks on leaving.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Your profile page" }).waitFor();
    await expect
      .poll(() => page.getByLabel("Welcome message").inputValue())
      .toBe("Glad you are here.");
    const visitor = (await session.newPage({ locale: "en-US" })).page;
    await visitor.goto(`/${host.username}`);
    await visitor.locator("header").getByText("Glad you are here.").waitFor();
    await visitor.getByRole("heading", { name: "Sol's corner" }).waitFor();
    const links = visitor.locator("header").getByRole("list", { name: "Social links" });
    await expect(links.getByRole("link", { name: "Website" }).getAttribute("href")).resolves.toBe(
      "https://sol.example",
    );

    // Emptying a field removes that link.
    await form.getByLabel("Instagram").fill("");
    await page.getByRole("button", { name: "Save page" }).click();
    await expect.poll(() => preview.getByRole("link").allTextContents()).toEqual(["Website"]);
    await page.getByRole("link", { name: "Event types", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/page"));
    expect(asked).toHaveLength(1);
  });

  it("a note is written with the keyboard alone: shortcuts, toolbar states, a list Tab leaves, a link", async () => {
    const host = await seed.signUpHost({ name: "Nora Note" });
    const { page } = await session.newPage({
      locale: "en-US",
      viewport: { width: 1280, height: 900 },
    });
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: "Profile page", exact: true }).click();
    await page.getByRole("button", { name: "Add Note" }).click();
    const panel = page.getByRole("complementary");
    const note = panel.getByRole("textbox", { name: "Note text" });
    const bold = panel.getByRole("button", { name: "Bold" });
    const list = panel.getByRole("button", { name: "List" });
    const focusIsInNote = () =>
      note.evaluate(
        (box) => box === document.activeElement || box.contains(document.activeElement),
      );

    // From the toolbar's last button, Tab reaches the box.
    await list.focus();
    await page.keyboard.press("Tab");
    expect(await focusIsInNote()).toBe(true);
    await page.keyboard.type("Office hours ");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type("on Fridays");
    await expect.poll(() => bold.getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("ControlOrMeta+b");
    await expect.poll(() => bold.getAttribute("aria-pressed")).toBe("false");

    // A list from the toolbar; inside it, Tab leaves the box instead of indenting the item.
    await page.keyboard.press("Enter");
    await list.click();
    await expect.poll(() => list.getAttribute("aria-pressed")).toBe("true");
    expect(await focusIsInNote()).toBe(true);
    await page.keyboard.type("Coffee");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Code review");
    await page.keyboard.press("Tab");
    expect(await focusIsInNote()).toBe(false);
    expect(await note.locator("li li").count()).toBe(0);

    // A link on the selected words: the toolbar asks for the address.
    await note.getByText("Coffee").click();
    await page.keyboard.press("End");
    await page.keyboard.press("Shift+Home");
    expect(await page.evaluate(() => String(window.getSelection()))).toBe("Coffee");
    page.once("dialog", (dialog) => dialog.accept("https://coffee.example/nora"));
    await panel.getByRole("button", { name: "Link" }).click();
    await note.locator("a", { hasText: "Coffee" }).waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByText("Your page is saved and live.").waitFor();

    const visitor = (await session.newPage({ locale: "en-US" })).page;
    await visitor.goto(`/${host.username}`);
    const shown = visitor.locator('[data-block="note"]');
    await shown.getByText("Office hours").waitFor();
    expect(await shown.locator("strong", { hasText: "on Fridays" }).count()).toBe(1);
    expect(await shown.locator("ul > li").allTextContents()).toEqual(["Coffee", "Code review"]);
    const link = shown.getByRole("link", { name: "Coffee" });
    expect(await link.getAttribute("href")).toBe("https://coffee.example/nora");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
  });

  it("a host without a saved page still shows their event types", async () => {
    const host = await seed.signUpHost();
    await seed.createEventType(host, { title: "Plain call" });
    const { page } = await session.newPage({ locale: "en-US" });
    await page.goto(`/${host.username}`);
    await page.getByRole("link", { name: /Plain call/ }).waitFor();
    // The editor says beforehand that one block replaces that list, and says it again after.
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: "Profile page", exact: true }).click();
    await page
      .getByText(
        "Without blocks your page lists all your event types. Once you add a block, it shows only its blocks: add an Event type block for each event type it should offer.",
      )
      .waitFor();
    await page.getByRole("button", { name: "Add Headline" }).click();
    await page
      .getByText(
        "Your page shows only its blocks: event types without an Event type block are not on it.",
      )
      .waitFor();
  });
});
