import type { Page } from "playwright-core";
import { BookingPage } from "./BookingPage";

/** A reschedule route: the calendar of new times, then the reason and the confirmation. */
export class ReschedulePage {
  readonly calendar: BookingPage;

  constructor(readonly page: Page) {
    this.calendar = new BookingPage(page);
  }

  async open(path: string) {
    await this.calendar.open(path);
  }

  /** Chooses the `index`-th time of the day shown: the confirm step. Returns its label. */
  async chooseTime(index: number): Promise<string> {
    const button = this.calendar.timeSection().getByRole("button").nth(index);
    const label = (await button.getAttribute("aria-label")) ?? "";
    await button.click();
    await this.page.getByRole("heading", { name: "Confirm the new time" }).waitFor();
    return label;
  }

  /**
   * Chooses the `index`-th time of the second free date and confirms with `reason`: the first
   * can be today with few times left (a CI run at 15:05 Berlin found three, and index 3 failed).
   * The second is a whole working day, in the next month when today is the month's last.
   */
  async moveTo(index: number, reason: string): Promise<string> {
    await this.calendar.chooseDate(1);
    const label = await this.chooseTime(index);
    await this.page.getByLabel("Reason for rescheduling (optional)").fill(reason);
    await this.page.getByRole("button", { name: "Reschedule event" }).click();
    await this.page.getByRole("heading", { name: "Rescheduled" }).waitFor();
    return label;
  }
}
