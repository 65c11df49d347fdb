import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

async function bookThrough(path: string, name: string) {
  const { page } = await session.newPage(context);
  const booking = new BookingPage(page);
  await booking.open(path);
  await booking.chooseFirstDate();
  await booking.chooseTime(0);
  await booking.fillDetails({ name, email: `${seed.unique()}@example.com` });
  await booking.schedule();
  await booking.confirmed();
  return page;
}

describe("team event types and links", () => {
  it("books a collective event through /C/ with every host", async () => {
    const [ada, bob] = [
      await seed.signUpHost({ name: "Ada Collective" }),
      await seed.signUpHost({ name: "Bob Collective" }),
    ];
    const team = await seed.createTeam(ada, [bob], "Sales team");
    const eventType = await seed.createEventType(ada, {
      kind: "COLLECTIVE",
      teamId: team.id,
      title: "Team demo",
      hosts: [{ userId: ada.id }, { userId: bob.id }],
    });
    const page = await bookThrough(`/C/${eventType.sharedLink}/Team-demo`, "Cleo");
    const who = await page.locator("dl").textContent();
    expect(who).toContain("Ada Collective");
    expect(who).toContain("Bob Collective");
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/${team.slug}/${eventType.slug}/`));
    await expectNoSeriousAxeViolations(page);
  });

  it("books a round robin with the host pinned by /host/", async () => {
    const [ada, bob] = [
      await seed.signUpHost({ name: "Ada Robin" }),
      await seed.signUpHost({ name: "Bob Robin" }),
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
    const { page } = await session.newPage(context);
    const booking = new BookingPage(page);
    await booking.open(`/R/${eventType.sharedLink}/host/${bob.username}`);
    expect(await page.getByText("Bob Robin").first().isVisible()).toBe(true);
    expect(await page.getByText("Ada Robin").count()).toBe(0);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    await booking.fillDetails({ name: "Dan", email: "dan@example.com" });
    await booking.schedule();
    await booking.confirmed();
    const who = await page.locator("dl").textContent();
    expect(who).toContain("Bob Robin");
    expect(who).not.toContain("Ada Robin");
  });

  it("lets a single-use link book once", async () => {
    const host = await seed.signUpHost();
    const eventType = await seed.createEventType(host, { title: "Private call" });
    const { link } = await seed.createSingleUseLink(host, eventType.id);
    const booked = await bookThrough(`/S/${link}/Private-call`, "Once");
    // The confirmation stays under the single-use link: the event type's address is not shown.
    expect(new URL(booked.url()).pathname).toMatch(new RegExp(`^/S/${link}/booked/[0-9a-f-]{36}$`));
    expect(await booked.content()).not.toContain(`/${eventType.slug}`);
    await booked.reload();
    await booked.getByRole("heading", { name: "You are scheduled" }).waitFor();

    const { page } = await session.newPage(context);
    await page.goto(`/S/${link}`);
    // Used, not unknown: the page says so instead of "Page not found".
    await page.getByRole("heading", { name: "This link no longer works" }).waitFor();
  });
});
