import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isolatesAllowed } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";

const session = await browserSession();

describe("home page", () => {
  it("says what Slotted is and passes axe", async () => {
    const { page } = await session.newPage();
    const home = new HomePage(page);
    await home.open();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Scheduling you host yourself",
    );
    await expectNoSeriousAxeViolations(page);
  });

  it("signs a new host up, shows the dashboard, signs out and back in", async () => {
    const { page } = await session.newPage();
    const home = new HomePage(page);
    await home.open();
    const id = randomUUID().slice(0, 8);
    await home.signUp({
      name: "Eve Example",
      email: `eve-${id}@example.com`,
      username: `eve-${id}`,
      password: "a long password",
    });
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: isolatesAllowed("Welcome, Eve Example") }).waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await home.signIn(`eve-${id}@example.com`, "a long password");
    await page.getByRole("heading", { name: isolatesAllowed("Welcome, Eve Example") }).waitFor();
  });

  it("shows the server's field messages beside the fields", async () => {
    const { page } = await session.newPage();
    const home = new HomePage(page);
    await home.open();
    await home.signUp({
      name: "Res",
      email: "reserved@example.com",
      username: "reschedule",
      password: "a long password",
    });
    const username = home.panel().getByLabel("Username");
    await expect.poll(() => username.getAttribute("aria-invalid")).toBe("true");
    await expect(
      page.getByText("This username is reserved", { exact: false }).first().isVisible(),
    ).resolves.toBe(true);
  });

  it("shows the not-found page for an unknown path", async () => {
    const { page } = await session.newPage();
    await page.goto("/this/path/does/not/exist");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await expect(
      page.getByText("Sorry, the page you are looking for does not exist!").isVisible(),
    ).resolves.toBe(true);
    const home = page.getByRole("link", { name: "View home page" });
    expect(await home.getAttribute("href")).toMatch(
      /^\/\?lang=en&utm_source=slotted&utm_medium=404/,
    );
    await expectNoSeriousAxeViolations(page);
  });
});
