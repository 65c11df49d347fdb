import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DashboardEventTypeForm } from "./pages/DashboardEventTypeForm";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";

const session = await browserSession();

/** The accessible label of the focused element's control. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.labels?.[0]?.textContent?.trim() ?? active?.textContent?.trim() ?? "";
  });

/** Selects everything in the focused field and types `text`, as a keyboard user does. */
async function retype(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

describe("recurrence and approval scope on the event type form", () => {
  it("a host sets both by keyboard, saves, reloads and sees them; the server's refusal of both at once shows under the switch", async () => {
    const { page } = await session.newPage({ timezoneId: "Europe/Berlin" });
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Rey"));
    await dashboard.go("Event types");
    const form = new DashboardEventTypeForm(page);
    await form.start("One-on-one");
    await form.fillBasics("Weekly coaching");

    // The switch, then the two numbers it reveals, all from the keyboard.
    const series = page.getByRole("switch", { name: "Invitees can book a weekly series" });
    await series.focus();
    await page.keyboard.press("Space");
    expect(await series.isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedLabel(page)).toBe("Repeat every");
    await retype(page, "2");
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedLabel(page)).toBe("At most this many meetings");
    await retype(page, "6");
    await expectNoSeriousAxeViolations(page);
    await form.create();
    await dashboard.toast("Event type created.");
    const id = page.url().split("/").at(-1);
    const created = await (await page.request.get(`/api/event-types/${id}`)).json();
    expect(created).toMatchObject({
      recurrence: { everyWeeks: 2, maxOccurrences: 6 },
      requiresApproval: false,
    });

    await page.reload();
    await series.waitFor();
    expect(await series.isChecked()).toBe(true);
    expect(await page.getByLabel("Repeat every").inputValue()).toBe("2");
    expect(await page.getByLabel("At most this many meetings").inputValue()).toBe("6");

    // Approval as well: the server refuses the pair and says so at the recurrence switch.
    const approval = page.getByRole("checkbox", { name: "Bookings need my approval" });
    await approval.focus();
    await page.keyboard.press("Space");
    const scope = page.getByLabel("Whose bookings need approval");
    expect(await scope.inputValue()).toBe("EVERYONE");
    await form.save();
    await page
      .getByText("A recurring series cannot require approval: turn one of them off.")
      .first()
      .waitFor();
    expect(await series.getAttribute("aria-invalid")).toBe("true");
    await expectNoSeriousAxeViolations(page);

    // The series off, approval only for outside the host's domain.
    await series.focus();
    await page.keyboard.press("Space");
    expect(await page.getByLabel("Repeat every").count()).toBe(0);
    await scope.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await scope.inputValue()).toBe("OUTSIDE_DOMAIN");
    await form.save();
    await dashboard.toast("Changes saved.");

    await page.reload();
    await scope.waitFor();
    expect(await scope.inputValue()).toBe("OUTSIDE_DOMAIN");
    expect(await approval.isChecked()).toBe(true);
    expect(await series.isChecked()).toBe(false);
    await expectNoSeriousAxeViolations(page);
    const saved = await (await page.request.get(`/api/event-types/${id}`)).json();
    expect(saved).toMatchObject({
      recurrence: null,
      requiresApproval: true,
      approvalScope: "OUTSIDE_DOMAIN",
    });
  });
});
