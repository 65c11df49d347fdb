import { describe, expect, it } from "vitest";
import { DashboardEventTypeForm } from "./pages/DashboardEventTypeForm";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";

const session = await browserSession();

/** The accessible label of the focused element's control. */
const focusedLabel = (page: import("playwright-core").Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.labels?.[0]?.textContent?.trim() ?? active?.textContent?.trim() ?? "";
  });

describe("reminders on the event type form", () => {
  it("a host adds, changes and removes reminders, turns on the follow-up, and sees them saved", async () => {
    const { page } = await session.newPage({ timezoneId: "Europe/Berlin" });
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Rita"));
    await dashboard.go("Event types");
    const form = new DashboardEventTypeForm(page);
    await form.start("One-on-one");
    await form.fillBasics("Check-in");

    // A new event type starts with one reminder, a day before, to the invitee.
    const section = form.reminders();
    const first = form.reminder(1);
    expect(await first.getByLabel("Time before the start", { exact: true }).inputValue()).toBe("1");
    expect(await first.getByLabel("Unit of Time before the start").inputValue()).toBe("days");
    expect(await first.getByLabel("Send to").inputValue()).toBe("invitee");

    // Added: focus moves to its time.
    await section.getByRole("button", { name: "Add reminder" }).click();
    const second = form.reminder(2);
    await expect.poll(() => focusedLabel(page)).toBe("Time before the start");
    await second.getByLabel("Unit of Time before the start").selectOption("hours");
    await second.getByLabel("Time before the start", { exact: true }).fill("2");
    await second.getByLabel("Send to").selectOption({ label: "The invitee and the hosts" });

    // A third, then removed again: focus goes back to "Add reminder".
    await section.getByRole("button", { name: "Add reminder" }).click();
    await section.getByRole("button", { name: "Remove reminder 3" }).click();
    await expect.poll(() => focusedLabel(page)).toBe("Add reminder");

    await section.getByLabel("Note in reminders").fill("Bring your questions.");
    await section.getByLabel("Send a follow-up after the meeting").check();
    await section.getByLabel("Follow-up message").fill("Thanks for your time!");
    await expectNoSeriousAxeViolations(page);
    await form.create();
    await dashboard.toast("Event type created.");

    const id = page.url().split("/").at(-1);
    const stored = await (await page.request.get(`/api/event-types/${id}`)).json();
    expect(stored).toMatchObject({
      reminders: [
        { minutesBefore: 1440, to: "invitee" },
        { minutesBefore: 120, to: "invitee_and_host" },
      ],
      reminderText: "Bring your questions.",
      followUp: { minutesAfter: 60, text: "Thanks for your time!" },
    });

    // Editing: the first reminder goes; after a reload the form shows what was saved.
    await section.getByRole("button", { name: "Remove reminder 1" }).click();
    await form.save();
    await dashboard.toast("Changes saved.");
    await page.reload();
    await form.reminder(1).waitFor();
    expect(
      await form.reminder(1).getByLabel("Time before the start", { exact: true }).inputValue(),
    ).toBe("2");
    expect(await form.reminder(1).getByLabel("Unit of Time before the start").inputValue()).toBe(
      "hours",
    );
    expect(await form.reminder(2).count()).toBe(0);
    expect(await section.getByLabel("Send a follow-up after the meeting").isChecked()).toBe(true);
    const saved = await (await page.request.get(`/api/event-types/${id}`)).json();
    expect(saved.reminders).toEqual([{ minutesBefore: 120, to: "invitee_and_host" }]);
  });
});
