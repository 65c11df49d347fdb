import type { Locator } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { signatureValid, startWebhookReceiver } from "../server/webhooks/testing/webhookReceiver";
import { BookingPage } from "./pages/BookingPage";
import { DashboardPage } from "./pages/DashboardPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const receiver = await startWebhookReceiver();
afterAll(() => receiver.stop());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

/** The text of what an element's aria-describedby points at, as a screen reader reads it. */
function describedBy(element: Locator): Promise<string> {
  return element.evaluate((node) =>
    (node.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
      .join(" ")
      .trim(),
  );
}

describe("webhooks", () => {
  it("a host adds a webhook, a meeting is booked, the signed delivery shows in the log, and a resend goes out at once while paused", async () => {
    const host = await seed.signUpHost({ name: "Hana Hooks" });
    const eventType = await seed.createEventType(host);
    const { page } = await session.newPage(context);
    const dashboard = new DashboardPage(page);
    await dashboard.signInTo("Webhooks", host.email);
    await page.getByText("No webhooks yet.").waitFor();

    await page.getByRole("button", { name: "Add webhook" }).click();
    const dialog = dashboard.dialog("Add a webhook");
    await dialog.getByLabel("URL").fill(receiver.url("/e2e"));
    expect(await dialog.getByLabel("Booking created").isChecked()).toBe(true);
    await dialog.getByLabel("Test ping").check();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole("button", { name: "Add webhook" }).click();

    // The secret is shown once, and focus moves to it.
    const secretRegion = page.getByRole("region", { name: "Signing secret" });
    await secretRegion.waitFor();
    await expect
      .poll(() => secretRegion.evaluate((node) => node === document.activeElement))
      .toBe(true);
    const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expectNoSeriousAxeViolations(page);
    await secretRegion.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("webhook-secret").count()).resolves.toBe(0);

    // The invitee books a meeting on the booking page.
    const invitee = new BookingPage((await session.newPage(context)).page);
    await invitee.open(`/${host.username}/${eventType.slug}`);
    await invitee.chooseFirstDate();
    await invitee.chooseTime();
    await invitee.fillDetails({
      name: "Wendy Webhook",
      email: `wendy-${seed.unique()}@example.com`,
    });
    await invitee.schedule();
    await invitee.confirmed();

    // The worker delivers it; the log (refreshing itself) shows it delivered with the answer.
    const card = page.getByRole("listitem").filter({ hasText: receiver.url("/e2e") });
    await card.getByRole("button", { name: "Delivery log" }).click();
    const log = card.getByRole("table");
    const row = log.getByRole("row").filter({ hasText: "Booking created" });
    await row.getByText("Delivered").waitFor({ timeout: 20_000 });
    await row.getByText("HTTP 200").waitFor();
    await row.getByText("thanks").waitFor();
    await expectNoSeriousAxeViolations(page);
    const delivered = receiver.received.filter((r) => r.path === "/e2e");
    expect(delivered.map((r) => r.json.type)).toEqual(["booking.created"]);
    expect(signatureValid(secret, delivered[0]!.headers, delivered[0]!.body)).toBe(true);
    expect(delivered[0]!.json.data.booking).toMatchObject({
      attendees: [{ name: "Wendy Webhook" }],
      eventType: { slug: eventType.slug },
    });

    // A test ping, then pausing.
    await card.getByRole("button", { name: "Send test ping" }).click();
    await dashboard.toast("Test ping sent.");
    await log.getByRole("row").filter({ hasText: "Test ping" }).getByText("Delivered").waitFor({
      timeout: 20_000,
    });
    const created = () => log.getByRole("row").filter({ hasText: "Booking created" });
    const resend = created().getByRole("button", { name: /^Resend/ });
    expect(await describedBy(resend)).toBe("");
    await card.getByRole("button", { name: "Pause" }).click();
    await card.getByText("Paused", { exact: true }).waitFor();

    // Paused, Resend says where the host decides that it still sends now and the rest waits.
    const pausedNote =
      "This webhook is paused. Resend still sends a delivery now; the other deliveries the pause holds back wait until you resume the webhook.";
    await expect.poll(() => describedBy(resend)).toBe(pausedNote);
    await card.getByText(pausedNote).waitFor();
    await expectNoSeriousAxeViolations(page);
    await resend.click();
    await dashboard.toast(
      "Delivery sent again now, even though the webhook is paused. Its other deliveries wait until you resume it.",
    );

    // It went out while paused: the same event again, under a new delivery id, logged delivered.
    const bookings = () =>
      receiver.received.filter((r) => r.path === "/e2e" && r.json.type === "booking.created");
    await expect.poll(() => bookings().length, { timeout: 20_000 }).toBe(2);
    const resent = bookings()[1]!;
    expect(resent.json.id).toBe(delivered[0]!.json.id);
    expect(resent.headers["slotted-delivery-id"]).not.toBe(
      delivered[0]!.headers["slotted-delivery-id"],
    );
    expect(signatureValid(secret, resent.headers, resent.body)).toBe(true);
    // The log refreshes itself every few seconds.
    await expect
      .poll(() => created().filter({ hasText: "Delivered" }).count(), { timeout: 20_000 })
      .toBe(2);
    await card.getByText("Paused", { exact: true }).waitFor();
  }, 120_000);
});
