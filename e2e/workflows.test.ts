import { randomInt } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ACCOUNT_SID, AUTH_TOKEN } from "../server/sms/testing/twilioDouble";
import { BookingPage } from "./pages/BookingPage";
import { DashboardPage } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };
const screenshotDir = process.env.SCREENSHOT_DIR ?? tmpdir();

/** The texts the Twilio double was asked to send to `to`, newest first (Twilio's own list). */
async function textsTo(to: string): Promise<string[]> {
  const url = `${inject("twilioUrl")}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json?To=${encodeURIComponent(to)}`;
  const response = await fetch(url, {
    headers: { authorization: `Basic ${btoa(`${ACCOUNT_SID}:${AUTH_TOKEN}`)}` },
  });
  const { messages } = (await response.json()) as { messages: { body: string }[] };
  return messages.map((m) => m.body);
}

const isFocused = (locator: Locator) => locator.evaluate((node) => node === document.activeElement);

/** Focuses a native select and picks an option by typing its first letters, as a person does. */
async function typeInto(page: Page, select: Locator, text: string) {
  await select.focus();
  await page.keyboard.type(text);
}

describe("workflows", () => {
  it("a host builds a workflow by keyboard, previews it in Arabic; an invitee who agrees to texts books, and the run log shows the text sent", async () => {
    const host = await seed.signUpHost({ name: "Wanda Workflow" });
    const eventType = await seed.createEventType(host, { title: "Intro call" });
    const { page } = await session.newPage(context);
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    const dashboard = new DashboardPage(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await dashboard.go("Workflows");
    const typeSection = page.getByRole("region", { name: "Intro call" });
    const newLink = typeSection.getByRole("link", { name: /^New workflow/ });
    await newLink.focus();
    await page.keyboard.press("Enter");
    await dashboard.heading("New workflow").waitFor();

    // Name, trigger and the first step, each from the keyboard.
    const name = page.getByLabel("Name", { exact: true });
    await name.focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Text on booking");
    await typeInto(page, page.getByLabel("Trigger"), "When a booking is m");
    expect(await page.getByLabel("Trigger").inputValue()).toBe("created");
    await expect(page.getByLabel("Time before the start").count()).resolves.toBe(0);
    const step1 = page.getByRole("group", { name: "Step 1" });
    await typeInto(page, step1.getByLabel("Action"), "Text to the i");
    const body = step1.getByRole("textbox", { name: "Text message" });
    expect(await body.inputValue()).toBe(
      "{event_title} with {host_name} is booked for {start_time}.",
    );
    await step1.getByText("1 SMS part · GSM-7 alphabet").waitFor();

    // A variable goes in where the caret was, and focus returns there to type on.
    await body.focus();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" Hi ");
    await typeInto(page, step1.getByLabel("Variable for Text message"), "Invitee");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => isFocused(body)).toBe(true);
    await page.keyboard.type("!");
    expect(await body.inputValue()).toBe(
      "{event_title} with {host_name} is booked for {start_time}. Hi {invitee_name}!",
    );

    // A second step: focus moves to its first field.
    const addStep = page.getByRole("button", { name: "Add step" });
    await addStep.focus();
    await page.keyboard.press("Enter");
    const step2 = page.getByRole("group", { name: "Step 2" });
    await expect.poll(() => isFocused(step2.getByLabel("Action"))).toBe(true);
    expect(await step2.getByLabel("Subject", { exact: true }).inputValue()).toBe(
      "Booked: {event_title}",
    );
    await expectNoSeriousAxeViolations(page);

    // The preview in Arabic: right to left, the start as an Arabic reader's text writes it,
    // the sample name in Arabic, and the filled text in UCS-2.
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByLabel("Recipient's language").focus();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowUp");
    expect(await preview.getByLabel("Recipient's language").inputValue()).toBe("ar");
    const message = preview.getByTestId("workflow-preview");
    await expect.poll(() => message.getAttribute("lang")).toBe("ar");
    expect(await message.getAttribute("dir")).toBe("rtl");
    await message.getByText("ليلى حسن", { exact: false }).waitFor();
    const text = (await message.textContent()) ?? "";
    expect(text).toContain("Intro call with Wanda Workflow is booked for");
    expect(text).toMatch(/مارس/);
    await preview.getByText("Unicode (UCS-2)", { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page);

    // Saved: the notice takes focus.
    const save = page.getByRole("button", { name: "Save workflow" });
    await save.focus();
    await page.keyboard.press("Enter");
    const saved = page.getByText("Workflow saved.");
    await saved.waitFor();
    await expect.poll(() => isFocused(saved)).toBe(true);
    await page.waitForURL(/\/dashboard\/workflows\/[0-9a-f-]{36}$/);

    // The booking form now asks for a mobile number and consent, unticked.
    const phone = `+4917${String(randomInt(100_000_000)).padStart(8, "0")}`;
    const invitee = new BookingPage((await session.newPage(context)).page);
    await invitee.open(`/${host.username}/${eventType.slug}`);
    await invitee.chooseFirstDate();
    await invitee.chooseTime();
    await invitee.fillDetails({ name: "Ivy Invitee", email: `ivy-${seed.unique()}@example.com` });
    const consent = invitee.page.getByRole("checkbox", { name: /Text me about this booking/ });
    expect(await consent.isChecked()).toBe(false);
    const mobile = invitee.page.getByRole("textbox", { name: "Mobile number for text messages" });
    await mobile.fill("+49 12");
    await consent.check();
    await invitee.schedule();
    await invitee.page.getByText("Invalid phone number").first().waitFor();
    await mobile.fill("");
    await mobile.pressSequentially(phone);
    await invitee.schedule();
    await invitee.confirmed();

    // The text went out to the number given; the run log says so, step by step.
    await expect
      .poll(() => textsTo(phone), { timeout: 20_000 })
      .toEqual([expect.stringContaining("Hi Ivy Invitee!")]);
    await dashboard.go("Workflows");
    const card = page.getByRole("listitem").filter({ hasText: "Text on booking" });
    const logButton = card.getByRole("button", { name: "Run log" });
    await logButton.focus();
    await page.keyboard.press("Enter");
    const log = card.getByRole("region", { name: "Run log of Text on booking" });
    await expect.poll(() => isFocused(log)).toBe(true);
    const textRow = log.getByRole("row").filter({ hasText: "Step 1: Text to the invitee" });
    await textRow.getByText("Sent").waitFor({ timeout: 20_000 });
    await textRow.getByText(phone).waitFor();
    // The mail step's row, to the invitee's address (this server has no SMTP: it may wait).
    await log.getByRole("row").filter({ hasText: "Step 2: Email to the invitee" }).waitFor();
    await expectNoSeriousAxeViolations(page);

    // Paused from the list, then deleted after a confirmation that holds focus.
    await card.getByRole("button", { name: "Pause" }).click();
    await card.getByText("Paused", { exact: true }).waitFor();
    const remove = card.getByRole("button", { name: "Delete" });
    await remove.focus();
    await page.keyboard.press("Enter");
    const dialog = dashboard.dialog(/Delete the workflow/);
    await dialog.waitFor();
    await expect
      .poll(() => dialog.evaluate((node) => node.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => isFocused(remove)).toBe(true);
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await dashboard.toast("Workflow deleted.");
    const heading = typeSection.getByRole("heading", { name: "Intro call" });
    await expect.poll(() => isFocused(heading)).toBe(true);
    await expect(card.count()).resolves.toBe(0);
  }, 180_000);

  it("a new workflow with a webhook call shows its signing secret once, and never again", async () => {
    const host = await seed.signUpHost({ name: "Hugo Hook" });
    const eventType = await seed.createEventType(host, { title: "Hooked call" });
    const { page } = await session.newPage(context);
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    const dashboard = new DashboardPage(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await dashboard.go("Workflows");
    await page
      .getByRole("region", { name: eventType.title })
      .getByRole("link", { name: /^New workflow/ })
      .click();
    await dashboard.heading("New workflow").waitFor();
    const step1 = page.getByRole("group", { name: "Step 1" });
    await typeInto(page, step1.getByLabel("Action"), "Webhook");
    await step1.getByLabel("URL", { exact: true }).fill("http://127.0.0.1:9/hook");
    await page.getByRole("button", { name: "Save workflow" }).click();
    await page.getByText("Workflow saved.").waitFor();
    const secret = page.getByTestId("workflow-secret");
    expect(await secret.textContent()).toMatch(/^whsec_[\w-]{43}$/);
    await page.getByRole("region", { name: "Signing secret for webhook calls" }).waitFor();
    await expectNoSeriousAxeViolations(page);
    // Shown once: the same workflow opened again does not show it.
    await page.reload();
    await expect
      .poll(() => page.getByRole("group", { name: "Step 1" }).getByLabel("Action").inputValue())
      .toBe("webhook");
    await expect(secret.count()).resolves.toBe(0);
  }, 120_000);

  it("the list, run log and editor are axe clean in English and Arabic at 1280 and 375 px", async () => {
    const host = await seed.signUpHost({ name: "Axel Axe" });
    const eventType = await seed.createEventType(host, { title: "Consultation" });
    await seed.call(
      "POST",
      "/workflows",
      {
        eventTypeId: eventType.id,
        name: "Thank-you text",
        trigger: "after_end",
        offsetMinutes: 60,
        steps: [
          { action: "sms_invitee", body: "Thank you, {invitee_name}!" },
          { action: "email_hosts", subject: "Done: {event_title}", body: "{form_answers}" },
        ],
      },
      host.headers,
    );
    const { page } = await session.newPage(context);
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    await page.waitForURL("**/dashboard");
    for (const language of ["en", "ar"]) {
      await page.context().addCookies([{ name: "language", value: language, url: baseUrl() }]);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/dashboard/workflows");
        const card = page.getByRole("listitem").filter({ hasText: "Thank-you text" });
        await card.waitFor();
        const logButton = card.getByRole("button").nth(1);
        await logButton.click();
        expect(await logButton.getAttribute("aria-expanded")).toBe("true");
        await card.locator("section").getByText(/./).first().waitFor();
        await page.waitForLoadState("networkidle");
        await expectNoSeriousAxeViolations(page);
        await card.getByRole("link").first().click();
        await page.getByTestId("workflow-preview").waitFor();
        await expectNoSeriousAxeViolations(page);
        // For a person to look at.
        await page.screenshot({
          path: join(screenshotDir, `workflow-editor-${language}-${width}.png`),
          fullPage: true,
        });
        // Nothing is wider than the page: a phone reads it without scrolling sideways.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
      }
    }
  }, 180_000);
});
