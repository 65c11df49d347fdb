import type { Page } from "playwright-core";

/** The home page: what Slotted is, with the sign-up and sign-in forms. */
export class HomePage {
  constructor(readonly page: Page) {}

  /** The visible tab panel; both forms are in the page, one hidden. */
  panel() {
    return this.page.getByRole("tabpanel");
  }

  async open() {
    await this.page.goto("/");
    await this.page.getByRole("heading", { level: 1 }).waitFor();
  }

  async signUp(fields: { name: string; email: string; username: string; password: string }) {
    await this.page.getByRole("tab", { name: "Sign up" }).click();
    await this.panel().getByLabel("Name", { exact: true }).fill(fields.name);
    await this.panel().getByLabel("Email").fill(fields.email);
    await this.panel().getByLabel("Username").fill(fields.username);
    await this.panel().getByLabel("Password").fill(fields.password);
    await this.page.getByRole("button", { name: "Create account" }).click();
  }

  async signIn(email: string, password: string) {
    await this.page.getByRole("tab", { name: "Sign in" }).click();
    await this.panel().getByLabel("Email").fill(email);
    await this.panel().getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
  }
}
