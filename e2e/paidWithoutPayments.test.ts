import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

describe("a paid event type on a server without payments", () => {
  it("says it cannot be booked yet instead of holding a time no one can pay for", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, {
      price: { amount: 5000, currency: "EUR" },
    });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${eventType.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime();
    const alert = page.getByRole("alert").filter({ hasText: "cannot be booked yet" });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "This event type cannot be booked yet: payments are not set up.",
    );
    expect(await page.getByRole("button", { name: "Schedule event" }).isDisabled()).toBe(true);
  });
});
