import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DashboardPage, isolatesAllowed, newHost } from "./pages/DashboardPage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";

const session = await browserSession();

describe("team invitations", () => {
  it("an admin invites, the invitee accepts in their dashboard, then leaves", async () => {
    const { page: adminPage } = await session.newPage();
    const admin = new DashboardPage(adminPage);
    const adminHost = newHost("Ida");
    await admin.signUp(adminHost);
    const { page } = await session.newPage();
    const invitee = new DashboardPage(page);
    const member = newHost("Ivo");
    await invitee.signUp(member);
    const teamName = `Support ${randomUUID().slice(0, 8)}`;
    const team = await admin.api("POST", "/api/teams", {
      name: teamName,
      slug: `support-${randomUUID().slice(0, 8)}`,
    });

    await adminPage.goto(`/dashboard/teams/${team.id}`);
    await admin.heading(teamName).waitFor();
    await adminPage.getByLabel("Email address").fill(member.email);
    await adminPage.getByRole("button", { name: "Send invitation" }).click();
    await admin.toast(`Invitation sent to ${member.email}.`);
    const pending = adminPage.getByRole("region", { name: "Pending invitations" });
    await pending.getByRole("button", { name: `Withdraw ${member.email}` }).waitFor();
    // Invited is not joined: the members list still holds the admin alone.
    await expect(adminPage.getByText(member.name).count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(adminPage);

    await invitee.go("Teams");
    const invitations = page.getByRole("region", { name: "Invitations", exact: true });
    // The names people wrote are isolated inside the sentence (right-to-left pages keep them whole).
    const sentence = invitations.getByText(
      isolatesAllowed(`${adminHost.name} invites you to join ${teamName}.`),
    );
    expect(await sentence.textContent()).toBe(
      `\u2068${adminHost.name}\u2069 invites you to join \u2068${teamName}\u2069.`,
    );
    await expectNoSeriousAxeViolations(page);
    await invitations.getByRole("button", { name: `Accept ${teamName}` }).click();
    await invitee.toast(`You joined ${teamName}.`);
    await page.getByRole("link", { name: teamName }).click();
    await invitee.heading(teamName).waitFor();

    await adminPage.reload();
    await adminPage.getByText(member.email).waitFor();
    await expect(pending.count()).resolves.toBe(0);

    await page.getByRole("button", { name: "Leave team" }).click();
    await invitee.dialog(`Leave ${teamName}?`).getByRole("button", { name: "Leave team" }).click();
    await invitee.toast(`You left ${teamName}.`);
    await page.getByText("You are not in a team yet.").waitFor();
  });

  it("the mailed link shows the invitation to someone signed out, who can decline", async () => {
    const { page: adminPage } = await session.newPage();
    const admin = new DashboardPage(adminPage);
    await admin.signUp(newHost("Ola"));
    const teamName = `Outreach ${randomUUID().slice(0, 8)}`;
    const team = await admin.api("POST", "/api/teams", {
      name: teamName,
      slug: `outreach-${randomUUID().slice(0, 8)}`,
    });
    const email = `stranger-${randomUUID().slice(0, 8)}@example.com`;
    await admin.api("POST", `/api/teams/${team.id}/members`, { email });
    const token = await admin.mailedToken(email, "invitation");

    const { page } = await session.newPage();
    const visitor = new DashboardPage(page);
    await page.goto(`/dashboard/invitation?token=${encodeURIComponent(token)}`);
    await visitor.heading(`Join ${teamName}`).waitFor();
    await page.getByText(`Sent to ${email}`).waitFor();
    await expect(page.getByRole("button", { name: "Accept" }).count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Decline" }).click();
    await page.getByText("You declined the invitation.").waitFor();
    await page.reload();
    await page
      .getByText("This invitation is invalid, answered or expired. Please ask for a new one.")
      .waitFor();
  });
});
