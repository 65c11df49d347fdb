import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { type SeededHost, seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };
const screenshotDir = process.env.SCREENSHOT_DIR ?? tmpdir();

interface SeededForm {
  id: string;
  slug: string;
}

/** A host with an event type asking for topics, and a form that routes API questions to it. */
async function seedForm(): Promise<{ host: SeededHost; form: SeededForm }> {
  const host = await seed.signUpHost({ name: "Rita Router" });
  const eventType = await seed.createEventType(host, {
    title: "API consultation",
    questions: [
      {
        id: "topics",
        type: "MULTIPLE_CHOICE",
        label: "Topics",
        options: ["API", "Billing", "Reports"],
      },
    ],
  });
  const form = await seed.call<SeededForm>(
    "POST",
    "/routing-forms",
    {
      title: "Where should we send you?",
      slug: `rf-${seed.unique()}`,
      description: "Three quick questions.",
      fields: [
        {
          id: "fName",
          type: "SHORT_TEXT",
          label: "Your name",
          identifier: "name",
          required: true,
          prefill: "name",
        },
        {
          id: "fMail",
          type: "EMAIL",
          label: "Work email",
          identifier: "email",
          required: true,
          prefill: "email",
        },
        {
          id: "fTopics",
          type: "MULTI_SELECT",
          label: "Topics",
          identifier: "topics",
          required: true,
          options: ["API", "Billing", "Reports"],
          allowNewOptions: true,
          prefill: "a1",
        },
        {
          id: "fPlan",
          type: "SINGLE_SELECT",
          label: "Plan",
          identifier: "plan",
          options: ["Free", "Pro", "Enterprise"],
        },
      ],
      routes: [
        {
          id: "api",
          conditions: [{ fieldId: "fTopics", operator: "contains", value: ["API"] }],
          action: { type: "EVENT_TYPE", eventTypeId: eventType.id },
        },
        {
          id: "reports",
          conditions: [{ fieldId: "fTopics", operator: "contains", value: ["Reports"] }],
          action: { type: "URL", url: `${baseUrl()}/?from=rf`, appendAnswers: true },
        },
        {
          id: "fallback",
          isFallback: true,
          action: { type: "MESSAGE", message: "We will email you within a day." },
        },
      ],
    },
    host.headers,
  );
  return { host, form };
}

describe("routing forms", () => {
  it("routes a visitor by keyboard to the event type, prefilled, and links the booking", async () => {
    const { host, form } = await seedForm();
    const { page } = await session.newPage(context);
    await page.goto(`/RF/${form.slug}`);
    await page.getByRole("heading", { name: "Where should we send you?", level: 1 }).waitFor();
    await expectNoSeriousAxeViolations(page);

    // Field by field: sending empty says what each needs.
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Please select an option").waitFor();
    expect(await page.getByText("Required").count()).toBe(2);

    await page.getByLabel("Your name").fill("Nia Visitor");
    await page.getByLabel("Work email").fill("nia@example.com");
    expect(await page.getByText("Required").count()).toBe(0);

    // The dropdown by keyboard: open, select all, clear, search and pick one.
    const dropdown = page.getByRole("button", { name: /Topics/ });
    await dropdown.focus();
    await page.keyboard.press("ArrowDown");
    const search = page.getByRole("combobox", { name: "Search options" });
    const list = page.getByRole("listbox", { name: "Topics" });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(
      await page.getByRole("option", { name: "Select all" }).getAttribute("aria-selected"),
    ).toBe("true");
    expect(await list.getByRole("option", { selected: true }).count()).toBe(4);
    await page.keyboard.press("Enter");
    expect(await list.getByRole("option", { selected: true }).count()).toBe(0);
    await page.keyboard.type("ap");
    // "ap" matches API; the dropdown also offers to add the typed text as a new answer.
    expect(await list.getByRole("option").count()).toBe(2);
    await page.keyboard.press("Enter");
    // New-option mode: a value not in the list is added with Enter on its 'Add' option.
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("Zapier");
    const add = list.getByRole("option", { name: /^Add “\u2068?Zapier\u2069?”$/ });
    expect(await search.getAttribute("aria-activedescendant")).toBe(await add.getAttribute("id"));
    await page.keyboard.press("Enter");
    expect(await search.inputValue()).toBe("");
    expect(await list.getByRole("option", { name: "Zapier", selected: true }).count()).toBe(1);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => dropdown.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dropdown.textContent()).toContain("API");
    expect(await dropdown.textContent()).toContain("Zapier");
    expect(await page.getByText("Please select an option").count()).toBe(0);

    // The single-choice dropdown by keyboard: open, search, pick; it closes on the pick.
    const plan = page.getByRole("button", { name: /^Plan/ });
    await plan.focus();
    await page.keyboard.press("ArrowDown");
    const planList = page.getByRole("listbox", { name: /^Plan/ });
    expect(await planList.getAttribute("aria-multiselectable")).toBe("false");
    expect(await planList.getByRole("option", { name: "Select all" }).count()).toBe(0);
    await page.keyboard.type("ent");
    expect(await planList.getByRole("option").allTextContents()).toEqual(["Enterprise"]);
    await page.keyboard.press("Enter");
    await expect.poll(() => planList.count()).toBe(0);
    await expect.poll(() => plan.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await plan.textContent()).toContain("Enterprise");
    // Reopened, the chosen value is the selected option; another pick replaces it.
    await page.keyboard.press("ArrowDown");
    const chosen = planList.getByRole("option", { name: "Enterprise" });
    expect(await chosen.getAttribute("aria-selected")).toBe("true");
    expect(
      await page
        .getByRole("combobox", { name: "Search options" })
        .getAttribute("aria-activedescendant"),
    ).toBe(await chosen.getAttribute("id"));
    await page.keyboard.press("Home");
    await page.keyboard.press("Enter");
    expect(await plan.textContent()).toContain("Free");
    await plan.press("ArrowDown");
    await page.keyboard.type("ent");
    await page.keyboard.press("Enter");
    expect(await plan.textContent()).toContain("Enterprise");

    await page.getByRole("button", { name: "Submit" }).click();
    const booking = new BookingPage(page);
    await page.getByRole("heading", { name: "API consultation", level: 1 }).waitFor();
    await booking.bookableDates().first().waitFor();
    const query = new URL(page.url()).searchParams;
    expect(query.get("name")).toBe("Nia Visitor");
    expect(query.get("a1")).toBe("API,Zapier");
    const responseId = query.get("c__routing_response");
    expect(responseId).toMatch(/^[0-9a-f-]{36}$/);

    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Nia Visitor");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("nia@example.com");
    expect(await page.getByRole("checkbox", { name: "API" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Billing" }).isChecked()).toBe(false);
    await booking.schedule();
    await booking.confirmed();

    const { responses } = await seed.call<{
      responses: {
        id: string;
        routeId: string;
        answers: Record<string, unknown>;
        booking: { status: string } | null;
      }[];
    }>("GET", `/routing-forms/${form.id}/responses`, undefined, host.headers);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      id: responseId,
      routeId: "api",
      answers: { fTopics: ["API", "Zapier"], fPlan: "Enterprise" },
      booking: { status: "CONFIRMED" },
    });
  });

  it("shows the custom message for other answers, and lays the form out right to left in Arabic", async () => {
    const { form } = await seedForm();
    const { page } = await session.newPage(context);
    await page.goto(`/RF/${form.slug}`);
    await page.getByLabel("Your name").fill("Omar");
    // Leaving a filled-in field checks it with the server's rule.
    await page.getByLabel("Work email").fill("omar@");
    await page.keyboard.press("Tab");
    await page.getByText("Please enter a valid email address.").waitFor();
    await page.getByLabel("Work email").fill("omar@example.com");
    expect(await page.getByText("Please enter a valid email address.").count()).toBe(0);
    await page.getByRole("button", { name: /Topics/ }).click();
    await page.getByRole("option", { name: "Billing" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Submit" }).click();
    const heading = page.getByRole("heading", { name: "Thank you", level: 1 });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText("We will email you within a day.").isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);

    const arabic = await session.newPage({
      locale: "ar",
      timezoneId: "Asia/Riyadh",
      viewport: { width: 375, height: 800 },
    });
    await arabic.context.addCookies([{ name: "language", value: "ar", url: baseUrl() }]);
    await arabic.page.goto(`/RF/${form.slug}`);
    await arabic.page.getByRole("button", { name: "إرسال" }).waitFor();
    expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    const title = arabic.page.locator("h1 bdi");
    expect(await title.getAttribute("dir")).toBe("auto");
    await arabic.page.getByRole("button", { name: "إرسال" }).click();
    await arabic.page
      .getByText("يرجى اختيار خيار")
      .or(arabic.page.locator("[data-field-error]").first())
      .first()
      .waitFor();
    await expectNoSeriousAxeViolations(arabic.page);

    // A third answer set leaves for the route's address with the answers appended.
    const leaving = (await session.newPage(context)).page;
    await leaving.goto(`/RF/${form.slug}`);
    await leaving.getByLabel("Your name").fill("Rae");
    await leaving.getByLabel("Work email").fill("rae@example.com");
    await leaving.getByRole("button", { name: /Topics/ }).click();
    await leaving.getByRole("option", { name: "Reports" }).click();
    await leaving.keyboard.press("Escape");
    await leaving.getByRole("button", { name: "Submit" }).click();
    await leaving.waitForURL((url) => url.searchParams.get("from") === "rf");
    const query = new URL(leaving.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      from: "rf",
      name: "Rae",
      email: "rae@example.com",
      topics: "Reports",
    });
  });

  it("is built in the dashboard: a route by condition, the test panel, save, and the link", async () => {
    const { page } = await session.newPage({ ...context, viewport: { width: 375, height: 800 } });
    const dashboard = new DashboardPage(page);
    const host = newHost("Builder");
    await dashboard.signUp(host);
    await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "VIP call",
      slug: "vip-call",
      duration: 30,
      locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } }],
    });
    await page.goto("/dashboard/routing-forms");
    await page.getByRole("heading", { name: "Routing forms", level: 1 }).waitFor();
    await page.getByRole("button", { name: "New routing form" }).click();
    await page.getByRole("heading", { name: "New routing form", level: 1 }).waitFor();

    await page.getByRole("button", { name: "Add route" }).click();
    await page.getByRole("button", { name: "Add condition" }).click();
    await page.getByLabel("Value", { exact: true }).fill("VIP");
    expect(await page.getByLabel("Event type", { exact: true }).inputValue()).not.toBe("");

    const panel = page.locator("section", {
      has: page.getByRole("heading", { name: "Test the routes" }),
    });
    await panel.getByLabel("Your name").fill("vip");
    await panel.getByText("Route 1 is taken.").waitFor();
    await panel.getByLabel("Your name").fill("someone");
    await panel.getByText("The fallback route is taken.").waitFor();
    // A list is typed with its commas and spaces.
    await page.getByLabel("Comparison", { exact: true }).selectOption("is_one_of");
    await page.getByLabel("Value", { exact: true }).fill("");
    await page.getByLabel("Value", { exact: true }).pressSequentially("vip, gold");
    expect(await page.getByLabel("Value", { exact: true }).inputValue()).toBe("vip, gold");
    await panel.getByLabel("Your name").fill("Gold");
    await panel.getByText("Route 1 is taken.").waitFor();

    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({
      path: join(screenshotDir, "routing-form-builder-375.png"),
      fullPage: true,
    });

    const forms = (await dashboard.api("GET", "/api/routing-forms")) as {
      forms: { url: string }[];
    };
    const formUrl = new URL(forms.forms[0]!.url);
    expect(formUrl.pathname).toMatch(/^\/RF\/form-/);
    await page.goto(formUrl.pathname);
    await page.getByLabel("Your name").fill("VIP");
    await page.getByLabel("Email").fill("vip@example.com");
    await page.screenshot({
      path: join(screenshotDir, "routing-form-public-375.png"),
      fullPage: true,
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "VIP call", level: 1 }).waitFor();
  });

  it("offers a choice field's options in conditions and previews the unsaved draft without sending", async () => {
    const { page } = await session.newPage({ ...context, viewport: { width: 1280, height: 900 } });
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Previewer"));
    const type = await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Pro call",
      slug: "pro-call",
      duration: 30,
      locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/2" } }],
    });
    const form = await dashboard.api("POST", "/api/routing-forms", {
      title: "Plans",
      slug: `plans-${seed.unique()}`,
      fields: [
        { id: "fName", type: "SHORT_TEXT", label: "Your name", identifier: "name", required: true },
        { id: "fPlan", type: "RADIO", label: "Plan", identifier: "plan", options: ["Free", "Pro"] },
        {
          id: "fTools",
          type: "MULTI_SELECT",
          label: "Tools",
          identifier: "tools",
          options: ["API", "CSV"],
          allowNewOptions: true,
        },
        {
          id: "fTier",
          type: "SINGLE_SELECT",
          label: "Tier",
          identifier: "tier",
          options: ["Gold"],
          allowNewOptions: true,
        },
      ],
      routes: [
        {
          id: "pro",
          conditions: [{ fieldId: "fPlan", operator: "equals", value: "Pro" }],
          action: { type: "EVENT_TYPE", eventTypeId: type.id },
        },
        {
          id: "tools",
          conditions: [{ fieldId: "fTools", operator: "contains", value: ["API", "Zapier"] }],
          action: { type: "MESSAGE", message: "Tools" },
        },
        {
          id: "tier",
          conditions: [{ fieldId: "fTier", operator: "equals", value: "Platinum" }],
          action: { type: "MESSAGE", message: "Tier" },
        },
        { id: "fallback", isFallback: true, action: { type: "MESSAGE", message: "Thanks" } },
      ],
    });
    await page.goto(`/dashboard/routing-forms/${form.id}`);
    await page.getByRole("heading", { name: "Plans", level: 1 }).waitFor();

    // Conditions on choice fields offer the options: a select for one, checkboxes for a list.
    const single = page.getByRole("combobox", { name: "Value", exact: true }).first();
    expect(await single.inputValue()).toBe("Pro");
    expect(await single.locator("option").allTextContents()).toEqual(["Choose…", "Free", "Pro"]);
    await single.selectOption("Free");
    const list = page.getByRole("group", { name: "Value", exact: true });
    expect(await list.getByRole("checkbox", { name: "API" }).isChecked()).toBe(true);
    expect(await list.getByRole("checkbox", { name: "CSV" }).isChecked()).toBe(false);
    expect(await page.getByLabel("Answers visitors added").inputValue()).toBe("Zapier");
    await list.getByRole("checkbox", { name: "CSV" }).check();
    await page.getByLabel("Answers visitors added").fill("Zapier, Make");
    // A single-choice dropdown taking visitors' answers: any answer is typed, options suggested.
    const tier = page.getByRole("combobox", { name: "Value", exact: true }).nth(1);
    expect(await tier.inputValue()).toBe("Platinum");
    expect(
      await page
        .locator(`#${await tier.getAttribute("list")} option`)
        .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value)),
    ).toEqual(["Gold"]);
    await tier.fill("Diamond");

    // The live preview beside the editor follows the draft before it is saved.
    const preview = page.locator("section", {
      has: page.getByRole("heading", { name: "Live preview" }),
    });
    await preview.getByRole("heading", { name: "Plans", level: 3 }).waitFor();
    expect(await preview.getByRole("button", { name: "Preview" }).isVisible()).toBe(false);
    await page.getByLabel("Label", { exact: true }).first().fill("Full name");
    await preview.getByLabel("Full name").waitFor();
    expect(await preview.getByRole("radio", { name: "Pro" }).count()).toBe(1);
    await preview.getByRole("button", { name: "Submit" }).click();
    await preview.getByText("Required").waitFor();
    await preview.getByLabel("Full name").fill("Pia");
    await preview.getByRole("button", { name: /Tools/ }).click();
    await page.keyboard.type("Make");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await preview.getByRole("button", { name: "Submit" }).click();
    await preview.getByText("The answers pass the form's checks.", { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(page);

    // The most answers of the multiple-choice question: checked as typed, then saved.
    const most = page.getByLabel("Most answers a visitor may choose");
    expect(await most.count()).toBe(1);
    expect(await most.inputValue()).toBe("");
    await most.fill("0");
    await page.getByText("Enter a whole number from 1 to 100, or leave it empty.").waitFor();
    await most.fill("2");
    expect(
      await page.getByText("Enter a whole number from 1 to 100, or leave it empty.").count(),
    ).toBe(0);

    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();
    const saved = await dashboard.api("GET", `/api/routing-forms/${form.id}`);
    expect(saved.fields[2].maxSelected).toBe(2);
    await page.reload();
    await page.getByRole("heading", { name: "Plans", level: 1 }).waitFor();
    expect(await page.getByLabel("Most answers a visitor may choose").inputValue()).toBe("2");
    expect(saved.fields[0].label).toBe("Full name");
    expect(saved.routes[0].conditions[0].value).toBe("Free");
    expect(saved.routes[1].conditions[0].value).toEqual(["API", "CSV", "Zapier", "Make"]);
    expect(saved.routes[2].conditions[0].value).toBe("Diamond");
    // The preview sent nothing.
    expect(saved.responseCount).toBe(0);

    // On a phone the preview waits below the editor behind its toggle.
    await page.setViewportSize({ width: 375, height: 800 });
    const toggle = preview.getByRole("button", { name: "Preview" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await preview.getByLabel("Full name").isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await preview.getByLabel("Full name").isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });
});
