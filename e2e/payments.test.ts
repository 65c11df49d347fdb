import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../server/test/freePort";
import { SUCCEEDS, startStripeDouble, stripeDoubleEnv } from "../server/test/stripeDouble";
import { BookingPage } from "./pages/BookingPage";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { startBuiltServer } from "./support/builtServer";
import { serverNow } from "./support/clock";
import { contrastRatio, toRgba } from "./support/contrast";
import { seeder } from "./support/seed";

// A server of its own with Stripe set up: the SDK talks to the double, and the page loads the
// double's Stripe.js stand-in (STRIPE_JS_URL), which confirms payments with the same double.
const stripe = await startStripeDouble();
const dataDir = mkdtempSync(join(tmpdir(), "slotted-e2e-pay-"));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const stripeEnv = stripeDoubleEnv(stripe);

/** Starts the built server on this file's data directory, with Stripe or without. */
async function startServer(withStripe: boolean) {
  return startBuiltServer(
    {
      // The suite's clock, where the worker's server has it now.
      TEST_CLOCK_START: (await serverNow()).toISOString(),
      ...(withStripe ? stripeEnv : {}),
    },
    { port, dataDir },
  );
}

let server = await startServer(true);
afterAll(async () => {
  await server.stop();
  await stripe.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const session = await browserSession();
const seed = seeder(baseURL);
const context = { timezoneId: "Europe/Berlin", locale: "en-US", baseURL };

/**
 * What the card input (the element a screen reader lands on) says of itself: invalid, and
 * the error text it is described by; the fieldset around it carries neither.
 */
const cardInputState = (page: Page) =>
  page.locator("[data-field='card']").evaluate((fieldset) => {
    const input = fieldset.querySelector("input, iframe");
    const described = (input?.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim();
    return {
      invalid: input?.getAttribute("aria-invalid") ?? null,
      description: described,
      onFieldset:
        fieldset.hasAttribute("aria-invalid") || fieldset.hasAttribute("aria-describedby"),
    };
  });

describe("paying for a booking by card", () => {
  it("asks for the card, pays and confirms; a declined card fails and 'Try again' goes back", async () => {
    const host = await seed.signUpHost();
    const type = await seed.createEventType(host, {
      title: "Consultation",
      price: { amount: 2500, currency: "EUR" },
      paymentTerms: "Paid in advance.",
    });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${type.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    // The price on the details step, and the card field from the stand-in.
    await page.getByText("€25.00").first().waitFor();
    // The card box's edge is 3:1 against the page, as the other fields' are (WCAG 1.4.11).
    const cardBox = page.locator("[data-field='card'] > div");
    const edge = async () =>
      toRgba(page, await cardBox.evaluate((node) => getComputedStyle(node).borderTopColor));
    expect(contrastRatio(await edge(), [255, 255, 255, 1])).toBeGreaterThanOrEqual(3);
    await booking.fillDetails({ name: "Ada Payer", email: "ada@example.com" });
    await booking.schedule();
    await page.getByText("Please fill in the card information.").waitFor();
    // In error it turns red as Name and Email do, and the input itself is marked and
    // described, where a screen reader reads it.
    const [red, green, blue] = await edge();
    expect(red).toBeGreaterThan(green + blue);
    expect(await cardInputState(page)).toEqual({
      invalid: "true",
      description: "Please fill in the card information.",
      onFieldset: false,
    });
    await expectNoSeriousAxeViolations(page);
    await page.getByText("Please accept the payment terms.").waitFor();
    await page.getByText("Paid in advance.").waitFor();
    await page.getByLabel("I accept the payment terms").check();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await booking.schedule();
    await booking.confirmed();
    const paid = [...stripe.intents.values()].filter((i) => i.status === "succeeded");
    expect(paid.map((i) => i.amount)).toEqual([2500]);

    // A declined card: the time is given back and the payment-error page offers a retry.
    await booking.open(`/${host.username}/${type.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    await booking.fillDetails({ name: "Bo Declined", email: "bo@example.com" });
    await page.getByLabel("I accept the payment terms").check();
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await booking.schedule();
    await page.getByRole("heading", { name: "Payment failed" }).waitFor();
    // Why, as Stripe said it (its decline code).
    await page.getByText("Your card was declined.").waitFor();
    expect(
      [...stripe.intents.values()].filter((i) => i.status === "canceled").map((i) => i.amount),
    ).toEqual([2500]);
    await page.getByRole("button", { name: "Try again" }).click();
    await booking.bookableDates().first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${host.username}/${type.slug}`);
  });

  it("asks for 3-D Secure through Stripe.js: passed it confirms, cancelled it fails", async () => {
    const host = await seed.signUpHost();
    const type = await seed.createEventType(host, {
      title: "Strong auth",
      price: { amount: 4000, currency: "EUR" },
    });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    const authenticate = (accept: boolean) =>
      page.once("dialog", (dialog) => void (accept ? dialog.accept() : dialog.dismiss()));

    await booking.open(`/${host.username}/${type.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    await booking.fillDetails({ name: "Cy Secure", email: "cy@example.com" });
    await page.getByLabel("Card number").fill("4000 0025 0000 3155");
    authenticate(true);
    await booking.schedule();
    await booking.confirmed();
    const amounts = (status: string) =>
      [...stripe.intents.values()]
        .filter((i) => i.amount === 4000 && i.status === status)
        .map((i) => i.amount);
    expect(amounts("succeeded")).toEqual([4000]);

    await booking.open(`/${host.username}/${type.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    await booking.fillDetails({ name: "Di Cancels", email: "di@example.com" });
    await page.getByLabel("Card number").fill("4000 0025 0000 3155");
    authenticate(false);
    await booking.schedule();
    await page.getByRole("heading", { name: "Payment failed" }).waitFor();
    await page
      .getByText("The card's authentication with your bank failed or was cancelled.")
      .waitFor();
    // The abandoned payment can no longer succeed, and its time is free again.
    expect(amounts("canceled")).toEqual([4000]);
    await page.context().close();
  });

  it("says why a card was refused, in the invitee's language", async () => {
    const host = await seed.signUpHost();
    const type = await seed.createEventType(host, {
      title: "Short of funds",
      price: { amount: 1500, currency: "EUR" },
    });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${type.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    await booking.fillDetails({ name: "Eve Empty", email: "eve@example.com" });
    await page.getByLabel("Card number").fill("4000 0000 0000 9995");
    await booking.schedule();
    await page.getByRole("heading", { name: "Payment failed" }).waitFor();
    await page.getByText("Your card has insufficient funds.").waitFor();
    await expectNoSeriousAxeViolations(page);
    const failedAt = page.url();
    for (const [locale, text] of [
      ["de-DE", "Ihre Karte ist nicht ausreichend gedeckt."],
      ["ar", "رصيد بطاقتك غير كافٍ."],
      ["fa-IR", "موجودی کارت شما کافی نیست."],
    ] as const) {
      const other = (await session.newPage({ ...context, locale })).page;
      await other.goto(failedAt);
      await other.getByText(text).waitFor();
      await other.context().close();
    }
    await page.context().close();
  });

  it("says on the cancelled booking's page what was refunded to the card", async () => {
    const host = await seed.signUpHost();
    const type = await seed.createEventType(host, {
      title: "Refundable",
      price: { amount: 2500, currency: "EUR" },
      refundPolicy: "FULL",
    });
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${type.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    await booking.fillDetails({ name: "Fay Refund", email: "fay@example.com" });
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await booking.schedule();
    await booking.confirmed();
    let links: { cancel: string } | undefined;
    await expect
      .poll(async () => {
        links = await seed.mailedLinks("fay@example.com").catch(() => undefined);
        return links !== undefined;
      })
      .toBe(true);
    await page.goto(links!.cancel);
    await page.getByText("Cancelling now refunds the €25.00 you paid.").waitFor();
    await page.getByRole("button", { name: "Cancel event" }).click();
    await page.getByRole("heading", { name: "Cancelled" }).waitFor();
    const refunded =
      "€25.00 is refunded to your card. It can take a few days to show on your statement.";
    await page.getByText(refunded).waitFor();
    await expectNoSeriousAxeViolations(page);
    // Opened again later, the page still says it.
    await page.reload();
    await page.getByText(refunded).waitFor();
    await page.context().close();
  });

  it("resumes a payment after a reload or a closed tab, shows it paid, and lets the time go", async () => {
    const host = await seed.signUpHost();
    const type = await seed.createEventType(host, {
      title: "Held while paying",
      price: { amount: 3300, currency: "EUR" },
    });
    const bookingPath = `/${host.username}/${type.slug}`;
    const { page, context: browserContext } = await session.newPage(context);
    const intentsOf = (amount: number) =>
      [...stripe.intents.values()].filter((intent) => intent.amount === amount);

    /**
     * Books a time, and while Stripe.js is still confirming the card the page is reloaded at
     * `reopen` (the booking page's own address when null): the confirmation never arrives.
     */
    async function reloadDuringPayment(tab: Page, name: string, reopen: string | null) {
      const booking = new BookingPage(tab);
      await booking.open(bookingPath);
      await booking.chooseFirstDate();
      await booking.chooseTime(0);
      const detailsUrl = tab.url();
      await booking.fillDetails({
        name,
        email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
      });
      await tab.getByLabel("Card number").fill("4242 4242 4242 4242");
      const before = intentsOf(3300).length;
      const confirming = `${stripe.url}/v1/payment_intents/*/confirm`;
      let reached!: () => void;
      const confirmReached = new Promise<void>((resolve) => {
        reached = resolve;
      });
      await tab.route(confirming, () => reached());
      await booking.schedule();
      await confirmReached;
      expect(intentsOf(3300)).toHaveLength(before + 1);
      const intent = intentsOf(3300).at(-1)!;
      await tab.goto(reopen ?? detailsUrl);
      await tab.unrouteAll({ behavior: "ignoreErrors" });
      expect(stripe.intents.get(intent.id)?.status).toBe("requires_payment_method");
      return intent;
    }

    // 1. Reloaded mid-payment on the details step: not "not available", but the booking
    // awaiting payment, which the invitee pays there.
    const first = await reloadDuringPayment(page, "Ada Reloads", null);
    await page.getByRole("heading", { name: "Your booking awaits payment" }).waitFor();
    expect(await page.getByText("The selected time is not available anymore").count()).toBe(0);
    await page.getByRole("button", { name: "Give up this time" }).waitFor();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay €33.00" }).click();
    await page.getByRole("heading", { name: "You are scheduled" }).waitFor();
    await page.getByText("Paid €33.00: your booking is confirmed.").waitFor();
    expect(stripe.intents.get(first.id)?.status).toBe("succeeded");
    expect(intentsOf(3300).filter((intent) => intent.status === "succeeded")).toHaveLength(1);
    await page.close();

    // 2. The payment went through just as the page went away, and the tab was closed: in a new
    // tab the booking page points to the held booking, whose page says paid and confirmed
    // without asking for a card again.
    const second = await reloadDuringPayment(
      await browserContext.newPage(),
      "Bo Raced",
      bookingPath,
    );
    stripe.confirm(second.id, SUCCEEDS);
    for (const open of browserContext.pages()) await open.close();
    const third = await browserContext.newPage();
    await new BookingPage(third).open(bookingPath);
    await third.getByText(/Your booking for .* awaits payment/).waitFor();
    await third.getByRole("link", { name: "Resume payment" }).click();
    await third.getByText("Paid €33.00: your booking is confirmed.").waitFor();
    expect(await third.getByLabel("Card number").count()).toBe(0);
    await third.screenshot({
      path: join(tmpdir(), "payments-resumed-en-1280.png"),
      fullPage: true,
    });
    await third.close();

    // 3. The invitee gives the held time up: the payment is cancelled and the time is free.
    const fifth = await browserContext.newPage();
    const fourth = await reloadDuringPayment(fifth, "Cy Leaves", bookingPath);
    const booking = new BookingPage(fifth);
    await fifth.getByRole("link", { name: "Resume payment" }).click();
    await fifth.getByRole("button", { name: "Give up this time" }).click();
    await fifth.getByText("The time is free again.").waitFor();
    await booking.bookableDates().first().waitFor();
    expect(new URL(fifth.url()).pathname).toBe(bookingPath);
    expect(stripe.intents.get(fourth.id)?.status).toBe("canceled");
    expect(await fifth.getByRole("link", { name: "Resume payment" }).count()).toBe(0);

    // 4. The held booking's address carries its secret: it resumes in another browser too,
    // in the invitee's language, right to left in Arabic and Persian, at phone and desktop.
    const sixth = await browserContext.newPage();
    await reloadDuringPayment(sixth, "Di Languages", bookingPath);
    const pendingPath = await sixth.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.includes("held-payment"))!;
      return (JSON.parse(localStorage.getItem(key)!) as { pendingPath: string }).pendingPath;
    });
    for (const [language, width, pay] of [
      ["ar", 375, "ادفع"],
      ["fa", 375, "پرداخت"],
      ["en", 375, "Pay"],
      ["fa", 1280, "پرداخت"],
    ] as const) {
      const { page: other, context: otherContext } = await session.newPage({
        ...context,
        locale: language,
        viewport: { width, height: 900 },
      });
      await otherContext.addCookies([{ name: "language", value: language, url: baseURL }]);
      await other.goto(pendingPath);
      await other.getByRole("button", { name: new RegExp(`^${pay}`) }).waitFor();
      expect(await other.evaluate(() => document.documentElement.dir)).toBe(
        language === "en" ? "ltr" : "rtl",
      );
      expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await expectNoSeriousAxeViolations(other);
      await other.screenshot({
        path: join(tmpdir(), `payments-pending-${language}-${width}.png`),
        fullPage: true,
      });
      await otherContext.close();
    }
    await browserContext.close();
  });

  it("shows the price in Arabic as Arabic writes it, the currency where Arabic puts it", async () => {
    const host = await seed.signUpHost();
    const type = await seed.createEventType(host, { price: { amount: 2500, currency: "EUR" } });
    const { page, context: browserContext } = await session.newPage({
      ...context,
      locale: "ar",
      timezoneId: "Asia/Riyadh",
      viewport: { width: 375, height: 800 },
    });
    await browserContext.addCookies([{ name: "language", value: "ar", url: baseURL }]);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${type.slug}`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    const expected = await page.evaluate(() =>
      new Intl.NumberFormat("ar", { style: "currency", currency: "EUR" }).format(25),
    );
    // Arabic's own format (CLDR's digits for ar, the sign after the amount, a right-to-left mark).
    expect(expected.startsWith("\u200f")).toBe(true);
    /** Where the digits and the euro sign of the first visible price are drawn. */
    const drawn = () =>
      page.evaluate((text) => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const node = walker.currentNode as Text;
          if (node.data !== text || node.parentElement?.offsetParent === null) continue;
          const box = (pattern: RegExp) => {
            const at = node.data.search(pattern);
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + 1);
            return range.getBoundingClientRect().x;
          };
          return { digit: box(/[0-9٠-٩]/), euro: box(/€/) };
        }
        return null;
      }, expected);
    await page.getByText(expected).first().waitFor();
    // Read right to left: the amount first (on the right), then its currency.
    const summary = await drawn();
    expect(summary).not.toBeNull();
    expect(summary!.euro).toBeLessThan(summary!.digit);

    await booking.chooseFirstDate();
    await booking.timeSection().getByRole("button").first().click();
    await page.getByRole("button", { name: "حجز الحدث" }).waitFor();
    const details = await drawn();
    expect(details!.euro).toBeLessThan(details!.digit);
    await expectNoSeriousAxeViolations(page);
    // The card step in error, in Arabic: the input is marked and described.
    await page.getByRole("button", { name: "حجز الحدث" }).click();
    await expect.poll(async () => (await cardInputState(page)).invalid).toBe("true");
    const state = await cardInputState(page);
    expect(state.description.length).toBeGreaterThan(0);
    expect(state.onFieldset).toBe(false);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: join(tmpdir(), "payments-price-ar-375.png"), fullPage: true });
    await browserContext.close();
  });

  it("says a paid type cannot be booked once payments are switched off", async () => {
    const host = await seed.signUpHost();
    const type = await seed.createEventType(host, { price: { amount: 5000, currency: "EUR" } });
    await server.stop();
    server = await startServer(false);
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/${host.username}/${type.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime();
    const alert = page.getByRole("alert").filter({ hasText: "cannot be booked yet" });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "This event type cannot be booked yet: payments are not set up.",
    );
    expect(await page.getByRole("button", { name: "Schedule event" }).isDisabled()).toBe(true);
    // And no Stripe code on the page at all.
    expect(await page.evaluate(() => "Stripe" in window)).toBe(false);

    // The host's editor says so where the price is set, and what the operator sets.
    const host2 = await seed.signUpHost();
    const free = await seed.createEventType(host2);
    const editor = (await session.newPage(context)).page;
    await new HomePage(editor).open();
    await new HomePage(editor).signIn(host2.email, "correct horse battery");
    await editor.waitForURL((url) => url.pathname.startsWith("/dashboard"));
    await editor.goto(`/dashboard/event-types/${free.id}`);
    await editor
      .getByText(
        "Card payments are not set up on this server, so invitees cannot pay for a booking. Its operator sets STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (see docs/payments.md).",
      )
      .waitFor();
    expect(await editor.getByLabel("Charge for this event type").isDisabled()).toBe(true);
  });
});
