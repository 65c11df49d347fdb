import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { baseUrl, browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };

describe("approval for free-mail invitees", () => {
  it("is announced on the booking page before submitting, and the host approves it from the dashboard", async () => {
    const { page } = await session.newPage(context);
    const dashboard = new DashboardPage(page);
    const host = newHost("Approver");
    await dashboard.signUp(host);
    const type = await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Screening call",
      slug: `screening-${seed.unique()}`,
      duration: 30,
      requiresApproval: true,
      approvalScope: "FREE_MAIL",
    });

    const { page: invitee } = await session.newPage(context);
    const booking = new BookingPage(invitee);
    await booking.open(`/${host.username}/${type.slug}`);
    await booking.chooseFirstDate();
    await booking.chooseTime(0);
    const notice = invitee.getByRole("status").filter({ hasText: "The host approves bookings" });
    // A company address needs no approval; a free-mail one does, and the page says so first.
    await booking.fillDetails({ name: "Fay Free", email: "fay@acme-corp.io" });
    expect(await notice.count()).toBe(0);
    const email = `fay-${seed.unique()}@gmail.com`;
    await booking.fillDetails({ email });
    await notice.waitFor();
    await expectNoSeriousAxeViolations(invitee);
    await booking.schedule();
    await invitee.waitForURL(/\/screening-/);

    await dashboard.go("Bookings");
    const row = page.getByRole("listitem").filter({ hasText: "Fay Free" });
    await row.getByText("Awaiting approval", { exact: false }).waitFor();
    await row.getByRole("button", { name: /^Details/ }).click();
    const details = dashboard.dialog("Screening call");
    await details.getByText("This booking awaits your approval").waitFor();
    await expectNoSeriousAxeViolations(page);
    await details.getByRole("button", { name: "Approve" }).click();
    await dashboard.toast("Request approved. The invitee got the confirmation.");

    const confirmed = (await seed.mailbox()).find(
      (mail) => mail.to?.toLowerCase() === email && /^Confirmed:/.test(mail.subject ?? ""),
    );
    expect(confirmed).toBeDefined();
    const stored = await dashboard.api("GET", "/api/bookings?status=CONFIRMED");
    expect(
      stored.bookings.some((b: { attendees: { email: string }[] }) =>
        b.attendees.some((a) => a.email === email),
      ),
    ).toBe(true);
  });
});
