import { describe, expect, it } from "vitest";
import { ReschedulePage } from "./pages/ReschedulePage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

async function bookedEvent(title: string) {
  const host = await seed.signUpHost({ name: `${title} Host` });
  const eventType = await seed.createEventType(host, { title });
  const email = `${seed.unique()}@example.com`;
  const link = { userLink: host.username, eventTypeLink: eventType.slug };
  const booked = await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
    name: "Ivy Invitee",
    email,
  });
  return { host, eventType, booked, email };
}

describe("managing a booking", () => {
  it("cancels through the invitee's link, with a reason", async () => {
    const { booked, email, host, eventType } = await bookedEvent("Cancel me");
    const { cancel, reschedule } = await seed.mailedLinks(email);
    expect(cancel).toContain(`/cancel/${booked.attendee.uuid}/`);
    const { page } = await session.newPage(context);
    await page.goto(cancel);
    await page.getByRole("heading", { name: "Cancel this event?" }).waitFor();
    expect(await page.locator("dl").textContent()).toContain("Ivy Invitee");
    await expectNoSeriousAxeViolations(page);
    const reason = page.getByLabel("Reason for cancelling (optional)");
    expect(await reason.getAttribute("maxlength")).toBe("256");
    await reason.fill("Something came up.");
    await page.getByRole("button", { name: "Cancel event" }).click();
    await page.getByRole("heading", { name: "Cancelled" }).waitFor();
    await page.getByText(/^This booking was cancelled on \w+day, /).waitFor();
    // The meeting's room is not handed out any more.
    expect(await page.locator('a[href^="https://zoom.example.com"]').count()).toBe(0);
    expect(await page.locator("dl").textContent()).toContain("Zoom");

    // Its links explain themselves afterwards, and lead to booking the type again.
    await page.goto(reschedule);
    await page
      .getByRole("heading", { name: "This event was cancelled and cannot be rescheduled" })
      .waitFor();
    await page.getByText(/^This booking was cancelled on /).waitFor();
    expect(await page.locator("dl").textContent()).toContain("Ivy Invitee");
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("link", { name: "Book this event again" }).click();
    await page.waitForURL(`**/${host.username}/${eventType.slug}`);
    await page.getByRole("heading", { name: "Cancel me" }).first().waitFor();

    const event = await seed.call<{ event: { status: string; cancellationReason: string | null } }>(
      "GET",
      `/event/uuid/${booked.event.uuid}`,
    );
    expect(event.event.status).toBe("CANCELLED");
  });

  it("reschedules by the attendee, showing the former and the new time", async () => {
    const { booked, email } = await bookedEvent("Move me");
    const { reschedule } = await seed.mailedLinks(email);
    const { page } = await session.newPage(context);
    const flow = new ReschedulePage(page);
    await flow.open(reschedule);
    expect(await page.getByText("Former time:").isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
    const time = await flow.moveTo(1, "Later suits me better.");
    const when = await page.locator("dl").textContent();
    expect(when).toContain(time);
    expect(when).toContain("Ivy Invitee");
    expect(await page.locator("del").count()).toBe(1);
    // The same calendar and manage links as the first confirmation.
    const ics = await page.getByRole("link", { name: /\.ics|iCal/i }).getAttribute("href");
    expect(ics).toContain(`attendee=${booked.attendee.uuid}`);
    expect(await page.getByRole("link", { name: "Reschedule" }).getAttribute("href")).toContain(
      `/reschedule/by-attendee/${booked.attendee.uuid}`,
    );
    expect(await page.getByRole("link", { name: "Cancel" }).getAttribute("href")).toContain(
      `/cancel/${booked.attendee.uuid}/`,
    );
    await expectNoSeriousAxeViolations(page);
    expect(booked.attendee.uuid).toBeTruthy();
  });

  it("says a used single-use link was used, instead of 'Page not found'", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host);
    const { link } = await seed.createSingleUseLink(host, eventType.id);
    await seed.bookFirstSlot({ singleUseLink: link }, `/timetable-by-link?link=${link}`, {
      name: "Una Once",
      email: `${seed.unique()}@example.com`,
    });
    const { page } = await session.newPage(context);
    await page.goto(`/S/${link}`);
    await page.getByRole("heading", { name: "This link no longer works" }).waitFor();
    await page.getByText("This single-use link has already been used.").waitFor();
    expect(await page.getByText("Page not found").count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
  });

  it("reschedules by the host, signed in", async () => {
    const { host, booked } = await bookedEvent("Host moves");
    const { context: browserContext, page } = await session.newPage(context);
    const login = await browserContext.request.post("/api/auth/login", {
      data: { email: host.email, password: "correct horse battery" },
    });
    expect(login.ok()).toBe(true);
    const flow = new ReschedulePage(page);
    await flow.open(`/reschedule/by-host/${booked.event.uuid}`);
    await flow.moveTo(2, "");
    expect(await page.locator("del").count()).toBe(1);
  });

  it("shows 'Payment failed' with 'Try again' back to scheduling", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host);
    const { page } = await session.newPage(context);
    await page.goto(`/${host.username}/${eventType.slug}/payment_error?utm_source=x`);
    await page.getByRole("heading", { name: "Payment failed" }).waitFor();
    expect(
      await page
        .getByText("Your payment transaction failed. You can try scheduling again.")
        .count(),
    ).toBe(1);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.locator("button[data-day]:not([disabled])").first().waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/${host.username}/${eventType.slug}`);
    expect(url.searchParams.get("utm_source")).toBe("x");
  });

  it("reschedules a whole group event for all its attendees", async () => {
    const host = await seed.signUpHost({ name: "Group Host" });
    const eventType = await seed.createEventType(host, { kind: "GROUP", seats: 4, title: "Class" });
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    const timetable = `/timetable?${new URLSearchParams(link)}`;
    const first = await seed.bookFirstSlot(link, timetable, { name: "A", email: "a@example.com" });
    const second = await seed.bookFirstSlot(link, timetable, { name: "B", email: "b@example.com" });
    expect(second.event.uuid).toBe(first.event.uuid);

    const { context: browserContext, page } = await session.newPage(context);
    await browserContext.request.post("/api/auth/login", {
      data: { email: host.email, password: "correct horse battery" },
    });
    const flow = new ReschedulePage(page);
    await flow.open(`/reschedule/for-all/${first.event.uuid}`);
    await flow.moveTo(3, "Room change");
    expect(await page.locator("del").count()).toBe(1);
  });

  it("reschedules one round-robin host's event by the host", async () => {
    const [ada, bob] = [
      await seed.signUpHost({ name: "Ada Rr" }),
      await seed.signUpHost({ name: "Bob Rr" }),
    ];
    const team = await seed.createTeam(ada, [bob]);
    const eventType = await seed.createEventType(ada, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [
        { userId: ada.id, priority: 2 },
        { userId: bob.id, priority: 1 },
      ],
    });
    const sharedLink = eventType.sharedLink ?? "";
    const booked = await seed.bookFirstSlot(
      { sharedLink },
      `/timetable-by-shared-link?${new URLSearchParams({ sharedLink })}`,
      { name: "Rex", email: "rex@example.com" },
    );
    const { context: browserContext, page } = await session.newPage(context);
    await browserContext.request.post("/api/auth/login", {
      data: { email: ada.email, password: "correct horse battery" },
    });
    const flow = new ReschedulePage(page);
    await flow.open(`/reschedule/by-host/${booked.event.uuid}/${ada.username}`);
    await flow.moveTo(1, "");
    expect(await page.locator("dl").textContent()).toContain("Ada Rr");
  });

  it("sends the invitee to the host's page after the countdown", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, {
      redirectUrl: "https://thanks.example.com/done",
      redirectSeconds: 1,
    });
    const { page } = await session.newPage(context);
    await page.route("https://thanks.example.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Thanks</title><h1>Thanks</h1>" }),
    );
    await page.goto(`/${host.username}/${eventType.slug}?name=Rita&email=rita%40example.com`);
    await page.locator("button[data-day]:not([disabled])").first().click();
    await page
      .locator("section", { has: page.locator("#pick-time") })
      .getByRole("button")
      .first()
      .click();
    await page.getByRole("button", { name: "Schedule event" }).click();
    await page.getByText(/You will be redirected in \d+ seconds?\./).waitFor();
    await page.waitForURL("https://thanks.example.com/done");
  });

  it("shows a booked event on its single event page", async () => {
    const { booked } = await bookedEvent("Single event");
    const { page } = await session.newPage(context);
    await page.goto(`/event/${booked.event.uuid}`);
    await page.getByRole("heading", { name: "Single event", level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: "iCal (.ics)" }).getAttribute("href")).toContain(
      `/api/event/uuid/${booked.event.uuid}/ics`,
    );
    await expectNoSeriousAxeViolations(page);
  });
});
