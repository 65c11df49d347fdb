import { afterAll, describe, expect, it } from "vitest";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { startBuiltServer } from "./support/builtServer";
import { serverNow } from "./support/clock";

// A server of its own, as `npm start` leaves it: no account, no SMTP_URL; on the suite's clock.
const server = await startBuiltServer(
  { TEST_CLOCK_START: (await serverNow()).toISOString() },
  { withOwner: false },
);
afterAll(() => server.stop());
const session = await browserSession();

describe("a fresh server's first host", () => {
  it("signs up from the server's machine as its owner, is published at once, and is told mail is not sent", async () => {
    // The start says how to become the owner from elsewhere.
    expect(server.output()).toMatch(
      /No owner yet: create the owner account at http:\/\/127\.0\.0\.1:\d+\/\?setup=[\w-]{20,}/,
    );
    for (const [locale, width] of [
      ["en-US", 1280],
      ["en-US", 375],
    ] as const) {
      const { page } = await session.newPage({
        baseURL: server.baseUrl,
        locale,
        viewport: { width, height: 900 },
      });
      if (width === 375) {
        // The owner exists now: a second sign-up is a host who verifies by mail.
        await new HomePage(page).open();
        await page.getByRole("tab", { name: "Sign up" }).click();
        await page.getByRole("tabpanel").getByLabel("Email").waitFor();
        expect(await page.getByText("This server has no owner yet").count()).toBe(0);
        continue;
      }
      await new HomePage(page).open();
      await page.getByRole("tab", { name: "Sign up" }).click();
      await page
        .getByText(
          "This server has no owner yet: the account you create now owns it and is ready at once, no email needed.",
        )
        .waitFor();
      await new HomePage(page).signUp({
        name: "Olga Owner",
        email: "olga@example.com",
        username: "olga",
        password: "correct horse battery",
      });
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.getByRole("heading", { name: "This server cannot send email" }).waitFor();
      await page.getByText(/Set SMTP_URL \(for example smtp:\/\//).waitFor();
      // Verified at sign-up: no banner asks for the mailed link.
      expect(
        await page
          .getByRole("heading", { name: "Verify your email to publish your booking pages" })
          .count(),
      ).toBe(0);
      await expectNoSeriousAxeViolations(page);

      const visitor = (await session.newPage({ baseURL: server.baseUrl, locale })).page;
      await visitor.goto("/olga");
      await visitor.getByRole("heading", { level: 1, name: "Olga Owner" }).waitFor();
      expect(await visitor.getByText("Page not found").count()).toBe(0);
    }
  });
});
