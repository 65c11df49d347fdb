import type { Locator, Page } from "playwright-core";

/** The public booking page: calendar, times, details form, email code step. */
export class BookingPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    await this.page.goto(path);
    await this.bookableDates().first().waitFor();
  }

  /** Date buttons that are enabled, in calendar order. */
  bookableDates(): Locator {
    return this.page.locator("button[data-day]:not([disabled])");
  }

  timeSection(): Locator {
    return this.page.locator("section", { has: this.page.locator("#pick-time") });
  }

  /** Chooses the first bookable date and returns its accessible name (the full date). */
  async chooseFirstDate(): Promise<string> {
    return this.chooseDate(0);
  }

  /**
   * Chooses the `index`-th bookable date and returns its accessible name. The first may be
   * today with its earlier times already past; the second is a whole working day whenever the
   * test runs. Dates the shown month lacks (today may be its last bookable one) are taken from
   * the next month.
   */
  async chooseDate(index: number): Promise<string> {
    await this.bookableDates().first().waitFor();
    const shown = await this.bookableDates().count();
    let date = this.bookableDates().nth(index);
    if (index >= shown) {
      const last = await this.bookableDates().last().getAttribute("data-day");
      await this.page.getByRole("button", { name: "Next month" }).click();
      await this.page.waitForFunction(
        (after) =>
          [...document.querySelectorAll("button[data-day]:not([disabled])")].some(
            (day) => (day.getAttribute("data-day") ?? "") > (after ?? ""),
          ),
        last,
      );
      date = this.bookableDates().nth(index - shown);
    }
    const name = (await date.getAttribute("aria-label")) ?? "";
    await date.click();
    await this.timeSection().getByRole("button").first().waitFor();
    return name;
  }

  /** Chooses a date of the shown month by its yyyy-MM-dd. */
  async chooseDay(isoDate: string) {
    await this.page.locator(`button[data-day="${isoDate}"]`).click();
    await this.timeSection().getByRole("button").first().waitFor();
  }

  /** Chooses the time of the chosen date labelled `label` (as shown, e.g. '02:30'). */
  async chooseTimeLabelled(label: string) {
    await this.timeSection().getByRole("button", { name: label, exact: true }).click();
    await this.page.getByRole("heading", { name: "Enter your details" }).waitFor();
  }

  /** Chooses the `index`-th time of the chosen date and returns its label. */
  async chooseTime(index = 0): Promise<string> {
    const button = this.timeSection().getByRole("button").nth(index);
    const label = (await button.getAttribute("aria-label")) ?? "";
    await button.click();
    await this.page.getByRole("heading", { name: "Enter your details" }).waitFor();
    return label;
  }

  async fillDetails(fields: { name?: string; email?: string }) {
    if (fields.name !== undefined)
      await this.page.getByLabel("Name", { exact: true }).fill(fields.name);
    if (fields.email !== undefined)
      await this.page.getByLabel("Email", { exact: true }).fill(fields.email);
  }

  /**
   * A recurring event type: how many meetings of the series; returns the meetings listed, each
   * its start (ISO instant) and its line (date and times).
   */
  async chooseOccurrences(count: number): Promise<{ start: string; text: string }[]> {
    await this.page.getByLabel("Number of meetings").selectOption(String(count));
    const meetings = this.page.locator("[data-field=occurrences] ol li time");
    await meetings.nth(count - 1).waitFor();
    return meetings.evaluateAll((times) =>
      times.map((time) => ({
        start: time.getAttribute("datetime") ?? "",
        text: time.textContent ?? "",
      })),
    );
  }

  async schedule() {
    await this.page.getByRole("button", { name: "Schedule event" }).click();
  }

  /** Waits for the confirmation page. */
  async confirmed() {
    await this.page.getByRole("heading", { name: "You are scheduled" }).waitFor();
  }
}
