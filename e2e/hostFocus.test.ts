import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startWebhookReceiver } from "../server/webhooks/testing/webhookReceiver";
import { DashboardPage, isolatesAllowed } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { baseUrl, browserSession } from "./support/browser";
import { type SeededHost, seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const receiver = await startWebhookReceiver();
afterAll(() => receiver.stop());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

/** A host signed in in a fresh page. */
async function signedIn(host: SeededHost): Promise<{ page: Page; dashboard: DashboardPage }> {
  const { page } = await session.newPage({ ...context, viewport: { width: 1280, height: 800 } });
  const home = new HomePage(page);
  await home.open();
  await home.signIn(host.email, "correct horse battery");
  await page.waitForURL("**/dashboard");
  await page.getByRole("heading", { level: 1, name: /^Welcome/ }).waitFor();
  return { page, dashboard: new DashboardPage(page) };
}

/** The focused element's tag, accessible-ish name (aria-label, else text) and id. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      name: (element?.getAttribute("aria-label") ?? element?.textContent ?? "").trim(),
      id: element?.id ?? "",
    };
  });
}

/** What the page's live region (the Announcer) says now. */
function announced(page: Page) {
  return page.locator("[data-announcer]").textContent();
}

/** A routing form of `host` with three questions, its builder open. */
async function builder(host: SeededHost) {
  const form = await seed.call<{ id: string }>(
    "POST",
    "/routing-forms",
    {
      title: "Triage",
      slug: `rf-${seed.unique()}`,
      fields: [
        { id: "fName", type: "SHORT_TEXT", label: "Your name", identifier: "name" },
        { id: "fSize", type: "SHORT_TEXT", label: "Company size", identifier: "size" },
        { id: "fMail", type: "EMAIL", label: "Work email", identifier: "email" },
      ],
      routes: [{ id: "fallback", isFallback: true, action: { type: "MESSAGE", message: "Hi" } }],
    },
    host.headers,
  );
  const { page, dashboard } = await signedIn(host);
  await page.goto(`/dashboard/routing-forms/${form.id}`);
  await dashboard.heading("Triage").waitFor();
  return { page, dashboard, form };
}

describe("focus after the host's actions", () => {
  it("the routing-form builder keeps focus on what now stands there and says what changed", async () => {
    const host = await seed.signUpHost({ name: "Fiona Focus" });
    const { page } = await builder(host);
    const questions = page.getByRole("region", { name: "Questions" });

    // Move up to first place: that button is now disabled, the question's heading has focus.
    await questions
      .locator("li")
      .nth(1)
      .getByRole("button", { name: /^Move up/ })
      .focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focused(page)).tag).toBe("h3");
    expect((await focused(page)).name).toMatch(/^Question 1/);
    await expect.poll(() => announced(page)).toBe("Company size is now question 1 of 3.");

    // Move down: focus stays on Move down of the moved question, in view, and it is said.
    await questions
      .locator("li")
      .nth(0)
      .getByRole("button", { name: /^Move down/ })
      .focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => announced(page)).toBe("Company size is now question 2 of 3.");
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const item = element.closest("li");
          const rect = element.getBoundingClientRect();
          return (
            element.textContent === "Move down" &&
            (item?.querySelector("h3")?.textContent ?? "").startsWith("Question 2") &&
            rect.top >= 0 &&
            rect.bottom <= window.innerHeight
          );
        }),
      )
      .toBe(true);

    // Remove the middle question: the next question (now second) takes focus.
    await questions
      .locator("li")
      .nth(1)
      .getByRole("button", { name: /^Remove/ })
      .focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).press("Enter");
    await expect.poll(async () => (await focused(page)).tag).toBe("h3");
    expect((await focused(page)).name).toMatch(/^Question 2/);
    await expect.poll(() => announced(page)).toBe("Question removed: Company size.");
    expect(await questions.locator("li").count()).toBe(2);

    // Add question: focus goes to the new question's first field.
    await page.getByRole("button", { name: "Add question" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => announced(page)).toBe("Question 3 added.");
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          return (
            element.tagName === "INPUT" &&
            (element.closest("li")?.querySelector("h3")?.textContent ?? "").startsWith("Question 3")
          );
        }),
      )
      .toBe(true);
  });

  it("the builder's repeated controls say which question they act on, under its heading", async () => {
    const host = await seed.signUpHost({ name: "Nadia Names" });
    const { page } = await builder(host);
    const questions = page.getByRole("region", { name: "Questions" });
    const headings = questions.getByRole("heading", { level: 3 });
    expect(await headings.allTextContents()).toEqual([
      "Question 1: \u2068Your name\u2069",
      "Question 2: \u2068Company size\u2069",
      "Question 3: \u2068Work email\u2069",
    ]);

    // By keyboard from the second question's last field to its buttons: each names it.
    await questions.locator("li").nth(1).getByLabel("Required").focus();
    const names: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press("Tab");
      names.push((await focused(page)).name);
    }
    expect(names).toEqual([
      "Move up question 2: \u2068Company size\u2069",
      "Move down question 2: \u2068Company size\u2069",
      "Remove question 2: \u2068Company size\u2069",
    ]);
    await questions
      .getByRole("button", { name: isolatesAllowed("Remove question 3: Work email") })
      .waitFor();
  });

  it("removing a question and deleting the form ask first, and cancelling keeps them", async () => {
    const host = await seed.signUpHost({ name: "Carla Confirm" });
    const { page, dashboard, form } = await builder(host);
    const questions = page.getByRole("region", { name: "Questions" });

    const remove = questions
      .locator("li")
      .nth(0)
      .getByRole("button", { name: /^Remove/ });
    await remove.focus();
    await page.keyboard.press("Enter");
    const ask = dashboard.dialog("Remove question 1: Your name?");
    await ask.waitFor();
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "hidden" });
    expect(await questions.locator("li").count()).toBe(3);
    await expect.poll(() => remove.evaluate((node) => node === document.activeElement)).toBe(true);

    const deleteForm = page.getByRole("button", { name: "Delete form" });
    await deleteForm.focus();
    await page.keyboard.press("Enter");
    const confirm = dashboard.dialog("Delete the routing form Triage?");
    await confirm.getByText("Its link stops working. This cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).press("Enter");
    await confirm.waitFor({ state: "hidden" });
    await expect
      .poll(() => deleteForm.evaluate((node) => node === document.activeElement))
      .toBe(true);
    expect(
      await seed.call("GET", `/routing-forms/${form.id}`, undefined, host.headers),
    ).toBeTruthy();

    await page.keyboard.press("Enter");
    await confirm.getByRole("button", { name: "Delete" }).press("Enter");
    await page.waitForURL("**/dashboard/routing-forms");
    await expect(
      seed.call("GET", `/routing-forms/${form.id}`, undefined, host.headers),
    ).rejects.toThrow(/404/);
  });

  it("Insights says a change of range in one sentence, not the whole screen", async () => {
    const host = await seed.signUpHost({ name: "Ivan Insight" });
    const { page, dashboard } = await signedIn(host);
    await dashboard.go("Insights");
    await page.getByTestId("insights-views").waitFor();

    await page.getByRole("button", { name: "Last 90 days" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => announced(page)).toBe("Last 90 days shown. Views: 0. Clicks: 0.");
    // The figures, chart and tables are no live region of their own.
    const liveAroundFigures = await page
      .getByTestId("insights-views")
      .evaluate((node) => node.closest("[aria-live]") !== null);
    expect(liveAroundFigures).toBe(false);
  });

  it("a webhook's test ping moves focus to its delivery log, and a team invitation to the emptied field", async () => {
    const host = await seed.signUpHost({ name: "Pia Ping" });
    await seed.call(
      "POST",
      "/webhooks",
      { url: receiver.url("/focus"), events: ["booking.created"] },
      host.headers,
    );
    const team = await seed.createTeam(host);
    const { page, dashboard } = await signedIn(host);
    await dashboard.go("Webhooks");

    await page.getByRole("button", { name: "Send test ping" }).focus();
    await page.keyboard.press("Enter");
    await dashboard.toast("Test ping sent.");
    await expect
      .poll(async () => (await focused(page)).name)
      .toBe(`Deliveries to ${receiver.url("/focus")}`);

    await page.goto(`/dashboard/teams/${team.id}`);
    await page.getByLabel("Email address").fill(`invitee-${seed.unique()}@example.com`);
    await page.getByRole("button", { name: "Send invitation" }).focus();
    await page.keyboard.press("Enter");
    await dashboard.toast(/^Invitation sent to /);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLInputElement;
          return element.tagName === "INPUT" && element.type === "email" && element.value === "";
        }),
      )
      .toBe(true);
  });
});
