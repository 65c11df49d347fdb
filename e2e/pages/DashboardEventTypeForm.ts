import type { Page } from "playwright-core";

/** The event type form (new and edit screens). */
export class DashboardEventTypeForm {
  constructor(readonly page: Page) {}

  /** From the event types list: "New event type", pick the kind (and team), continue. */
  async start(kind: string, team?: string) {
    await this.page.getByRole("button", { name: "New event type" }).first().click();
    const dialog = this.page.getByRole("dialog", { name: "New event type" });
    await dialog.getByRole("radio", { name: new RegExp(`^${kind}`) }).check();
    if (team) await dialog.getByLabel("Team", { exact: true }).selectOption({ label: team });
    await dialog.getByRole("button", { name: "Continue" }).click();
    await this.page.getByLabel("Title", { exact: true }).waitFor();
  }

  async fillBasics(title: string, slug?: string) {
    await this.page.getByLabel("Title", { exact: true }).fill(title);
    if (slug) await this.page.getByLabel("Link", { exact: true }).fill(slug);
  }

  async addLocation(type: string, fields: Record<string, string> = {}) {
    await this.page.getByLabel("Location to add").selectOption({ label: type });
    await this.page.getByRole("button", { name: "Add location" }).click();
    for (const [label, value] of Object.entries(fields)) {
      await this.page.getByLabel(label, { exact: true }).last().fill(value);
    }
  }

  /** Adds a question at the end; options only for the choice types. */
  async addQuestion(type: string, label: string, required: boolean, options: string[] = []) {
    await this.page.getByLabel("Type of the new question").selectOption({ label: type });
    await this.page.getByRole("button", { name: "Add question" }).click();
    const item = this.page
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name: /^Question \d+$/ }) })
      .last();
    await item.getByLabel("Question", { exact: true }).fill(label);
    if (required) await item.getByLabel("An answer is required").check();
    for (const [i, option] of options.entries()) {
      if (i > 0) await item.getByRole("button", { name: "Add option" }).click();
      await item.getByLabel(`Option ${i + 1}`, { exact: true }).fill(option);
    }
  }

  /** The reminders and follow-up section. */
  reminders() {
    return this.page
      .locator("section")
      .filter({ has: this.page.getByRole("heading", { name: "Reminders and follow-up" }) });
  }

  /** Reminder `number` (1-based) of the reminders section. */
  reminder(number: number) {
    return this.reminders()
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name: `Reminder ${number}`, exact: true }) });
  }

  async create() {
    await this.page.getByRole("button", { name: "Create event type" }).click();
    await this.page.waitForURL(/\/dashboard\/event-types\/[0-9a-f-]{36}$/);
  }

  async save() {
    await this.page.getByRole("button", { name: "Save changes" }).click();
  }

  /** The public link shown under the link field. */
  async bookingUrl(): Promise<string> {
    const hint = await this.page.getByText("Invitees book at").textContent();
    return (hint ?? "").replace("Invitees book at", "").trim();
  }
}
