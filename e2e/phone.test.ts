import { randomInt } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { ACCOUNT_SID, AUTH_TOKEN } from "../server/sms/testing/twilioDouble";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";

const session = await browserSession();
const screenshotDir = process.env.SCREENSHOT_DIR ?? tmpdir();

/** The newest code texted to `to`, from the Twilio double's message list (Twilio's own API). */
async function textedCode(to: string): Promise<string> {
  const url = `${inject("twilioUrl")}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json?To=${encodeURIComponent(to)}`;
  const response = await fetch(url, {
    headers: { authorization: `Basic ${btoa(`${ACCOUNT_SID}:${AUTH_TOKEN}`)}` },
  });
  const { messages } = (await response.json()) as { messages: { body: string }[] };
  return /\d{6}/.exec(messages[0]?.body ?? "")?.[0] ?? "";
}

describe("a host's own phone number", () => {
  it("is confirmed by keyboard with the texted code, in Arabic too", {
    timeout: 90_000,
  }, async () => {
    const { page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    const host = newHost("Rana");
    await dashboard.signUp(host);
    await dashboard.go("Settings");
    const card = page.locator("section", {
      has: page.getByRole("heading", { name: "Your phone number", exact: true }),
    });
    await card.getByText("No number is confirmed yet", { exact: false }).waitFor();
    await card.getByText("SMS segments this month: 0 of 500").waitFor();

    // A number without its country code is refused, with the reason at the field.
    const field = card.getByLabel("Phone number");
    await field.focus();
    await page.keyboard.type("0170 1234567");
    await page.keyboard.press("Enter");
    await card
      .getByText("Enter the number in international format", { exact: false })
      .first()
      .waitFor();

    const number = `+4917${String(randomInt(100_000_000)).padStart(8, "0")}`;
    await field.fill("");
    await page.keyboard.type(number);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Send code");
    await page.keyboard.press("Enter");
    await card.getByRole("status").getByText("We texted a code to", { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page);

    await card.getByLabel("Code").focus();
    await page.keyboard.type("000000" === (await textedCode(number)) ? "111111" : "000000");
    await page.keyboard.press("Enter");
    await card.getByText("The code is not correct.").first().waitFor();
    await card.getByLabel("Code").fill("");
    await page.keyboard.type(await textedCode(number));
    await page.keyboard.press("Enter");
    await card
      .getByRole("status")
      .getByText("Your number is confirmed.", { exact: false })
      .waitFor();
    await card.getByText(number).waitFor();
    await card.getByText("SMS segments this month: 1 of 500").waitFor();
    await expectNoSeriousAxeViolations(page);

    // In Arabic the card reads right to left, the number left to right.
    await page.context().addCookies([{ name: "language", value: "ar", url: baseUrl() }]);
    await page.goto("/dashboard/settings");
    const arabic = page.locator("section", {
      has: page.getByRole("heading", { name: "رقم هاتفك", exact: true }),
    });
    await arabic.getByText("تُرسل الرسائل النصية الموجهة إليك إلى", { exact: false }).waitFor();
    expect(await arabic.locator("bdi[dir=ltr]").first().textContent()).toBe(number);
    await expectNoSeriousAxeViolations(page);
    // For a person to look at.
    await arabic.screenshot({ path: join(screenshotDir, "phone-settings-ar.png") });
  });
});
