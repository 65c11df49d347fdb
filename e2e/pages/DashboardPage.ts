import type { Page } from "playwright-core";
import { SEEDED_PASSWORD } from "../support/seed";
import { HomePage } from "./HomePage";

export interface NewHost {
  name: string;
  email: string;
  username: string;
  password: string;
}

let counter = 0;

/** A fresh host's sign-up data. */
export function newHost(prefix: string): NewHost {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    name: `${prefix} ${id}`,
    email: `${prefix.toLowerCase()}-${id}@example.com`,
    username: `${prefix.toLowerCase()}-${id}`,
    password: "a long password",
  };
}

/**
 * `text` as a pattern that also matches it with names isolated inside (FSI…PDI around the
 * user text of a sentence, as the dashboard writes them), case-insensitive like a string.
 */
export function isolatesAllowed(text: string | RegExp): string | RegExp {
  if (typeof text !== "string") return text;
  const chars = Array.from(text, (char) => char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(chars.join("[\u2068\u2069]*"), "i");
}

/** A section of the dashboard's navigation. */
export type Section =
  | "Home"
  | "Event types"
  | "Availability"
  | "Calendars"
  | "Bookings"
  | "Teams"
  | "Webhooks"
  | "Workflows"
  | "Insights"
  | "Settings";

/** The signed-in dashboard: its navigation, headings, dialogs and toasts. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  /**
   * Signs a new host up in the browser, as a visitor of the home page would, and verifies
   * their address with the mailed link (`verify: false` leaves it unverified, its pages
   * unpublished).
   */
  async signUp(host: NewHost, { verify = true }: { verify?: boolean } = {}) {
    const home = new HomePage(this.page);
    await home.open();
    await home.signUp(host);
    await this.page.waitForURL("**/dashboard");
    await this.heading(`Welcome, ${host.name}`).waitFor();
    if (!verify) return;
    await this.api("POST", "/api/auth/verify-email", {
      token: await this.mailedToken(host.email, "verify-email"),
    });
    await this.page.reload();
    await this.heading(`Welcome, ${host.name}`).waitFor();
  }

  /** The token of the newest link to /dashboard/{path} mailed to `email` (development mailbox). */
  async mailedToken(
    email: string,
    path: "verify-email" | "confirm-email" | "invitation",
  ): Promise<string> {
    const response = await this.page.request.get("/dev/mailbox.json");
    const { mails } = (await response.json()) as { mails: { to: string; text: string | null }[] };
    const pattern = new RegExp(`/dashboard/${path}\\?token=(\\S+)`);
    for (const mail of mails) {
      if (mail.to.toLowerCase() !== email.toLowerCase()) continue;
      const token = pattern.exec(mail.text ?? "")?.[1];
      if (token) return decodeURIComponent(token);
    }
    throw new Error(`no ${path} link mailed to ${email}`);
  }

  heading(name: string | RegExp) {
    return this.page.getByRole("heading", { level: 1, name: isolatesAllowed(name) });
  }

  nav() {
    return this.page.getByRole("navigation", { name: "Dashboard" });
  }

  /**
   * Signs in on the home page as a visitor would (with a seeded host's password unless given),
   * waits for the dashboard and opens `section` from its navigation.
   */
  async signInTo(section: Section, email: string, password = SEEDED_PASSWORD) {
    const home = new HomePage(this.page);
    await home.open();
    await home.signIn(email, password);
    await this.page.getByRole("heading", { level: 1 }).waitFor();
    await this.go(section);
  }

  async go(section: Section) {
    await this.nav().getByRole("link", { name: section, exact: true }).click();
    await this.page.getByRole("heading", { level: 1 }).waitFor();
  }

  dialog(name?: string | RegExp) {
    return this.page.getByRole("dialog", name ? { name: isolatesAllowed(name) } : {});
  }

  /** A host API call with the browser's session cookie and its CSRF header. */
  async api(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, data?: unknown) {
    const cookies = await this.page.context().cookies();
    const csrf = cookies.find((c) => c.name === "slotted_csrf")?.value ?? "";
    const response = await this.page.request.fetch(path, {
      method,
      headers: { "X-CSRF-Token": decodeURIComponent(csrf) },
      ...(data === undefined ? {} : { data }),
    });
    if (!response.ok())
      throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return response.status() === 204 ? null : response.json();
  }

  /** Waits for an info toast saying `text`. */
  async toast(text: string | RegExp) {
    await this.page.getByRole("status").getByText(isolatesAllowed(text)).first().waitFor();
  }
}
