import type { Page } from "playwright-core";

/** The schedule editor. */
export class DashboardSchedulePage {
  constructor(readonly page: Page) {}

  async open(name: string) {
    await this.page.getByRole("link", { name, exact: true }).first().click();
    await this.page.getByRole("heading", { level: 1, name }).waitFor();
  }

  async setDay(day: string, available: boolean) {
    const box = this.page.getByRole("checkbox", { name: day, exact: true });
    if ((await box.isChecked()) !== available) await box.click();
  }

  async setRange(day: string, index: number, from: string, to: string) {
    await this.page.getByLabel(`${day}, range ${index}, from`).selectOption(from);
    await this.page.getByLabel(`${day}, range ${index}, to`).selectOption(to);
  }

  async copyHours(from: string, to: string[]) {
    await this.page.getByRole("button", { name: `Copy to other days ${from}` }).click();
    const dialog = this.page.getByRole("dialog", { name: `Copy the hours of ${from}` });
    for (const day of to) await dialog.getByRole("checkbox", { name: day, exact: true }).check();
    await dialog.getByRole("button", { name: "Copy hours" }).click();
  }

  /** Marks `date` (yyyy-MM-dd) as a day off on the overrides calendar. */
  async addDayOff(date: string) {
    const button = this.page.locator(`button[data-date="${date}"]`);
    for (let i = 0; i < 3 && (await button.count()) === 0; i++) {
      await this.page.getByRole("button", { name: "Next month" }).click();
    }
    await button.click();
    const dialog = this.page.getByRole("dialog", { name: /^Hours on / });
    await dialog.getByRole("radio", { name: "I am unavailable all day" }).check();
    await dialog.getByRole("button", { name: "Apply" }).click();
  }

  async save() {
    await this.page.getByRole("button", { name: "Save schedule" }).click();
  }
}
