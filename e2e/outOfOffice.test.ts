import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { DashboardPage } from "./pages/DashboardPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { serverNow } from "./support/clock";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

/** A Monday at least two weeks ahead whose Wednesday is in the same month, as yyyy-MM-dd. */
async function awayMonday(): Promise<{ monday: string; tuesday: string; wednesday: string }> {
  const day = await serverNow();
  day.setUTCDate(day.getUTCDate() + 14);
  while (day.getUTCDay() !== 1 || day.getUTCDate() > 25) day.setUTCDate(day.getUTCDate() + 1);
  const iso = (offset: number) =>
    new Date(day.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { monday: iso(0), tuesday: iso(1), wednesday: iso(2) };
}

describe("out of office", () => {
  it("the host names a colleague in the dashboard; invitees see no times and a link to the colleague", async () => {
    const host = await seed.signUpHost({ name: "Olga Away" });
    const colleague = await seed.signUpHost({ name: "Colin Stand-in" });
    await seed.createTeam(host, [colleague]);
    const eventType = await seed.createEventType(host);
    const { monday, tuesday, wednesday } = await awayMonday();

    const { page } = await session.newPage(context);
    const dashboard = new DashboardPage(page);
    await dashboard.signInTo("Availability", host.email);
    const section = page.getByRole("region", { name: "Out of office" });
    await section.getByText("No out-of-office days planned.").waitFor();
    await section.getByRole("button", { name: "Add out of office" }).click();
    const dialog = dashboard.dialog("Add out of office");
    await dialog.getByLabel("First day away").fill(monday);
    await dialog.getByLabel("Last day away").fill(tuesday);
    await dialog.getByLabel("Colleague").selectOption({ label: "Colin Stand-in" });
    await dialog.getByLabel("Note to invitees").fill("At a conference");
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await section.getByText("Colin Stand-in").waitFor();
    await expect(dialog.count()).resolves.toBe(0);

    const invitee = new BookingPage((await session.newPage(context)).page);
    await invitee.open(`/${host.username}/${eventType.slug}?date=${monday}`);
    const dayButton = (date: string) => invitee.page.locator(`button[data-day="${date}"]`);
    expect(await dayButton(monday).isDisabled()).toBe(true);
    expect(await dayButton(tuesday).isDisabled()).toBe(true);
    expect(await dayButton(wednesday).isDisabled()).toBe(false);
    const times = invitee.timeSection();
    await times.getByText("The host is out of office on this date.").waitFor();
    await times.getByText("At a conference").waitFor();
    await expect(times.getByRole("button").count()).resolves.toBe(0);
    const link = times.getByRole("link", { name: /Book with .*Colin Stand-in/ });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`/${colleague.username}$`));
    await expectNoSeriousAxeViolations(invitee.page);
    await link.click();
    await invitee.page.waitForURL(new RegExp(`/${colleague.username}$`));

    // The host deletes the period after confirming; focus lands on the section's heading.
    await section.getByRole("button", { name: /^Delete/ }).click();
    await dashboard
      .dialog("Delete this out-of-office period?")
      .getByRole("button", { name: "Delete" })
      .click();
    await dashboard.toast("Out-of-office period deleted.");
    await section.getByText("No out-of-office days planned.").waitFor();
    const heading = section.getByRole("heading", { name: "Out of office" });
    await expect.poll(() => heading.evaluate((node) => node === document.activeElement)).toBe(true);
  });

  it("an invitee in Los Angeles sees an Auckland host's away day on the date it falls on for them", async () => {
    // Weekdays 09:00-17:00 in Auckland are the afternoon and evening before in Los Angeles.
    const host = await seed.signUpHost({ name: "Aroha Away", timeZone: "Pacific/Auckland" });
    const eventType = await seed.createEventType(host, { duration: 60 });
    const { monday, tuesday, wednesday } = await awayMonday();
    await seed.call(
      "POST",
      "/out-of-office",
      { startDate: tuesday, endDate: tuesday, note: "Tramping" },
      host.headers,
    );

    const invitee = new BookingPage(
      (await session.newPage({ timezoneId: "America/Los_Angeles", locale: "en-US" })).page,
    );
    await invitee.open(`/${host.username}/${eventType.slug}?date=${monday}`);
    const dayButton = (date: string) => invitee.page.locator(`button[data-day="${date}"]`);
    // Auckland's Tuesday is Monday in Los Angeles: that date has no times and says why.
    expect(await dayButton(monday).isDisabled()).toBe(true);
    expect(await dayButton(tuesday).isDisabled()).toBe(false);
    expect(await dayButton(wednesday).isDisabled()).toBe(false);
    const times = invitee.timeSection();
    await times.getByText("The host is out of office on this date.").waitFor();
    await times.getByText("Tramping").waitFor();
    await expect(times.getByRole("button").count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(invitee.page);
  });
});
