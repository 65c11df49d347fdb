import { describe, expect, it } from "vitest";
import { ReschedulePage } from "./pages/ReschedulePage";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

const query = (url: string) => new URL(url).searchParams;

async function rescheduleLink() {
  const host = await seed.signUpHost({ name: "Steps Host" });
  const eventType = await seed.createEventType(host, { title: "Step through" });
  const email = `${seed.unique()}@example.com`;
  const link = { userLink: host.username, eventTypeLink: eventType.slug };
  await seed.bookFirstSlot(link, `/timetable?${new URLSearchParams(link)}`, {
    name: "Ivy Invitee",
    email,
  });
  return (await seed.mailedLinks(email)).reschedule;
}

describe("the reschedule page keeps its step in the address, as the booking page does", () => {
  it("steps back and forward through date, time and confirmation, and a reload keeps the place", async () => {
    const reschedule = await rescheduleLink();
    const { page } = await session.newPage(context);
    const flow = new ReschedulePage(page);
    await flow.open(reschedule);
    const token = query(page.url()).get("token");
    const confirmHeading = page.getByRole("heading", { name: "Confirm the new time" });

    // The second free date: a whole working day (the first may be today with few times left).
    await flow.calendar.chooseDate(1);
    const date = query(page.url()).get("date");
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query(page.url()).get("month")).toBe(date?.slice(0, 7));
    await flow.chooseTime(1);
    await confirmHeading.waitFor();
    const slot = query(page.url()).get("slot");
    expect(Date.parse(slot ?? "")).not.toBeNaN();
    expect(query(page.url()).get("token")).toBe(token);

    // The browser's Back: the day's times, focus on their heading; again: no day chosen.
    await page.goBack();
    await flow.calendar.timeSection().getByRole("button").first().waitFor();
    expect(await confirmHeading.count()).toBe(0);
    expect(query(page.url()).get("slot")).toBeNull();
    expect(query(page.url()).get("date")).toBe(date);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("pick-time");
    await page.goBack();
    await page.getByText("Choose a date to see its times.").waitFor();
    expect(query(page.url()).get("date")).toBeNull();

    // Forward twice: the confirmation of the same time.
    await page.goForward();
    await flow.calendar.timeSection().getByRole("button").first().waitFor();
    await page.goForward();
    await confirmHeading.waitFor();
    expect(query(page.url()).get("slot")).toBe(slot);

    // A reload keeps the place: the same time's confirmation, the link's token kept.
    await page.reload();
    await confirmHeading.waitFor();
    expect(query(page.url()).get("slot")).toBe(slot);
    expect(query(page.url()).get("token")).toBe(token);

    // The page's own Back after a reload (nothing pushed): the times, in place of the confirmation.
    await page.getByRole("button", { name: "Back" }).click();
    await flow.calendar.timeSection().getByRole("button").first().waitFor();
    expect(query(page.url()).get("slot")).toBeNull();
    expect(query(page.url()).get("date")).toBe(date);
    await flow.chooseTime(2);
    await confirmHeading.waitFor();
    const chosen = query(page.url()).get("slot");
    expect(chosen).not.toBe(slot);

    // Moved: a reload then shows the times again, not the confirmation of a move made.
    await page.getByLabel("Reason for rescheduling (optional)").fill("Steps");
    await page.getByRole("button", { name: "Reschedule event" }).click();
    await page.getByRole("heading", { name: "Rescheduled" }).waitFor();
    expect(query(page.url()).get("slot")).toBeNull();
    await page.reload();
    await page.getByText("Choose a date to see its times.").waitFor();
    expect(await confirmHeading.count()).toBe(0);
  });

  it("sends a linked time that is not bookable to that day's times, saying so", async () => {
    const reschedule = await rescheduleLink();
    const { page } = await session.newPage(context);
    const flow = new ReschedulePage(page);
    await flow.open(reschedule);
    await flow.calendar.chooseDate(1);
    const date = query(page.url()).get("date") ?? "";
    // 03:17 in Berlin is never a time of the default working hours.
    const slot = new Date(`${date}T02:17:00Z`).toISOString();
    const url = new URL(page.url());
    url.searchParams.set("slot", slot);
    await page.goto(url.toString());
    await page.getByText("The selected time is not available anymore").first().waitFor();
    expect(await page.getByRole("heading", { name: "Confirm the new time" }).count()).toBe(0);
    expect(query(page.url()).get("slot")).toBeNull();
    expect(query(page.url()).get("date")).toBe(date);
  });
});
