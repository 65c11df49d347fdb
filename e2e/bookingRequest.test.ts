import { describe, expect, it } from "vitest";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

describe("a booking request", () => {
  it("is approved by the host from the signed link in the request mail", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, { requiresApproval: true });
    const email = `invitee-${seed.unique()}@example.com`;
    const booked = await seed.bookFirstSlot(
      { userLink: host.username, eventTypeLink: eventType.slug },
      `/timetable?userLink=${host.username}&eventTypeLink=${eventType.slug}`,
      { name: "Ines Request", email },
    );
    const request = (await seed.mailbox()).find(
      (mail) =>
        mail.to?.toLowerCase() === host.email.toLowerCase() && /^Request:/.test(mail.subject ?? ""),
    );
    const path = /https?:\/\/[^/\s]+(\/event\/[^\s]+\/answer\?host=[^\s&]+&sig=[^\s]+)/.exec(
      request?.text ?? "",
    )?.[1];
    expect(path).toContain(booked.event.uuid);

    const { page } = await session.newPage(context);
    await page.goto(`${baseUrl()}${path}`);
    await page.getByRole("heading", { name: "This booking request awaits your answer" }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Approve" }).click();
    const done = page.getByRole("heading", { name: "Request approved" });
    await done.waitFor();
    // Focus moves to what changed: the new heading.
    expect(await done.evaluate((node) => node === document.activeElement)).toBe(true);

    const confirmed = (await seed.mailbox()).find(
      (mail) => mail.to?.toLowerCase() === email && /^Confirmed:/.test(mail.subject ?? ""),
    );
    expect(confirmed).toBeDefined();
  });
});
