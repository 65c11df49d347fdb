import { describe, expect, it } from "vitest";
import { DashboardPage } from "./pages/DashboardPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

describe("page insights", () => {
  it("the host sees the views and block clicks of their public page after visitors came", async () => {
    const host = await seed.signUpHost({ name: "Ines Insight" });
    const eventType = await seed.createEventType(host, { title: "Discovery call" });
    const at = (y: number) => ({ x: 0, y, w: 4, h: 1 });
    const components = new FormData();
    components.append(
      "components",
      JSON.stringify({
        blocks: [
          {
            id: "event-block",
            kind: "event",
            eventTypeId: eventType.id,
            layout: at(0),
            visible: true,
          },
          {
            id: "links-block",
            kind: "socials",
            links: [{ network: "x", url: "https://x.example/ines" }],
            layout: at(1),
            visible: true,
          },
        ],
      }),
    );
    const saved = await fetch(`${baseUrl()}/api/page/${host.username}`, {
      method: "POST",
      headers: host.headers,
      body: components,
    });
    expect(saved.status, await saved.text()).toBe(200);

    // A visitor opens the public page (it pings once shown) on a phone-sized screen...
    const visitor = (await session.newPage({ ...context, viewport: { width: 375, height: 740 } }))
      .page;
    const pinged = visitor.waitForResponse((response) =>
      response.url().includes("/api/analytics?"),
    );
    await visitor.goto(`${baseUrl()}/${host.username}`);
    await pinged;
    // ...and clicks blocks: the page's pings carry the block's component_id, one of a block
    // the host has removed since.
    for (const block of ["event-block", "event-block", "links-block", "removed-block"]) {
      const click = await visitor.request.get(
        `${baseUrl()}/api/analytics?public_id=${host.username}&action=component_clicked&component_id=${block}&device=mobile`,
      );
      expect(click.status()).toBe(204);
    }

    const { page } = await session.newPage(context);
    const dashboard = new DashboardPage(page);
    await dashboard.signInTo("Insights", host.email);
    await dashboard.heading("Insights").waitFor();
    await expect.poll(() => page.getByTestId("insights-views").textContent()).toBe("1");
    await expect.poll(() => page.getByTestId("insights-clicks").textContent()).toBe("4");

    // Blocks go by their title, else their kind and place, else as removed; never by their id.
    const blocks = page.getByRole("table", { name: "Clicks per block" });
    const clicksOf = (name: string) =>
      blocks.getByRole("row", { name }).getByRole("cell").textContent();
    await expect(clicksOf("Discovery call")).resolves.toBe("2");
    await expect(clicksOf("Social links (block 2)")).resolves.toBe("1");
    await expect(clicksOf("Removed block")).resolves.toBe("1");
    expect(await blocks.getByText(/-block/).count()).toBe(0);
    const devices = page.getByRole("table", { name: "Devices" });
    await devices.getByRole("rowheader", { name: "Phone" }).waitFor();

    // The chart's figures are a table: read by screen readers, shown on request.
    const perDay = page.getByRole("table", { name: "Views per day" });
    await expect(perDay.getByRole("row").count()).resolves.toBe(31);
    await page.getByRole("button", { name: "Show as table" }).click();
    await page.getByRole("button", { name: "Hide table" }).waitFor();
    expect(await perDay.isVisible()).toBe(true);

    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect.poll(() => perDay.getByRole("row").count()).toBe(8);
    await expect.poll(() => page.getByTestId("insights-views").textContent()).toBe("1");
    await expectNoSeriousAxeViolations(page);
  });

  it("a team admin opens the team page's insights from the team screen", async () => {
    const admin = await seed.signUpHost({ name: "Tara Admin" });
    const team = await seed.createTeam(admin, [], "Insight Team");
    for (const device of ["desktop", "desktop", "tablet"]) {
      const view = await fetch(
        `${baseUrl()}/api/analytics?public_id=${team.slug}&action=profile_page_viewed&device=${device}`,
      );
      expect(view.status).toBe(204);
    }

    const { page } = await session.newPage(context);
    const dashboard = new DashboardPage(page);
    await dashboard.signInTo("Teams", admin.email);
    await page.getByRole("link", { name: "Insight Team" }).click();
    await page.getByRole("link", { name: "Page insights" }).click();
    await dashboard.heading("Insights").waitFor();
    expect(await page.getByLabel("Page").inputValue()).toBe(team.id);
    await expect.poll(() => page.getByTestId("insights-views").textContent()).toBe("3");
    const devices = page.getByRole("table", { name: "Devices" });
    await devices.getByRole("rowheader", { name: "Computer" }).waitFor();
    // Back to the admin's own page, which nobody visited.
    await page.getByLabel("Page").selectOption({ label: "My page" });
    await expect.poll(() => page.getByTestId("insights-views").textContent()).toBe("0");
  });
});
