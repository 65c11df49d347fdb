import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BookingPage } from "./pages/BookingPage";
import { DashboardEventTypeForm } from "./pages/DashboardEventTypeForm";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { DashboardSchedulePage } from "./pages/DashboardSchedulePage";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { serverNow, utcDay } from "./support/clock";

const session = await browserSession();
const zone = "Europe/Berlin";

/** yyyy-MM-dd of a date `days` after the suite's now in `zone`, moved on to a Wednesday. */
async function nextWednesday(days: number): Promise<string> {
  const at = new Date((await serverNow()).getTime() + days * 86_400_000);
  for (;;) {
    const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: zone }).format(
      at,
    );
    if (weekday === "Wed") break;
    at.setTime(at.getTime() + 86_400_000);
  }
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(at);
}

describe("a new host's first day", () => {
  it("signs up, sets the week, publishes an event type, sees it booked and cancels it", async () => {
    const { page } = await session.newPage({ timezoneId: zone });
    const dashboard = new DashboardPage(page);
    const host = newHost("Hana");
    await dashboard.signUp(host);

    // Availability: Monday to Friday 09:00-17:00, the weekend off, and one Wednesday off.
    await dashboard.go("Availability");
    const schedule = new DashboardSchedulePage(page);
    await schedule.open("Working hours");
    for (const day of ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
      await schedule.setDay(day, false);
    }
    await schedule.setDay("Monday", true);
    // An end before its start: saving takes the host to it, and fixing it clears the error.
    await schedule.setRange("Monday", 1, "17:00", "09:00");
    await schedule.save();
    const from = page.getByLabel("Monday, range 1, from");
    await expect.poll(() => from.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await from.getAttribute("aria-invalid")).toBe("true");
    const rangeError = page.locator("[data-field-error]");
    expect(await rangeError.count()).toBe(1);
    await schedule.setRange("Monday", 1, "09:00", "17:00");
    expect(await rangeError.count()).toBe(0);
    expect(await from.getAttribute("aria-invalid")).toBeNull();
    await schedule.copyHours("Monday", ["Tuesday", "Wednesday", "Thursday", "Friday"]);
    await expect(page.getByLabel("Friday, range 1, to").inputValue()).resolves.toBe("17:00");
    const dayOff = await nextWednesday(8);
    await schedule.addDayOff(dayOff);
    await schedule.save();
    await dashboard.toast("Schedule saved.");
    const saved = await page.request.get("/api/schedules");
    const [stored] = (await saved.json()).schedules;
    const nineToFive = [{ start: "09:00", end: "17:00" }];
    for (const day of ["MON", "TUE", "WED", "THU", "FRI"]) {
      expect(stored.weekly[day], day).toEqual(nineToFive);
    }
    expect(stored.weekly.SAT ?? []).toEqual([]);
    expect(stored.weekly.SUN ?? []).toEqual([]);
    expect(stored.overrides).toEqual([{ date: dayOff, intervals: [] }]);

    // A one-on-one event type with two questions.
    await dashboard.go("Event types");
    const form = new DashboardEventTypeForm(page);
    await form.start("One-on-one");
    await form.fillBasics("Intro call");
    await form.addLocation("Zoom", { "Meeting link": "https://zoom.example.com/j/42" });
    await form.addQuestion("Short text", "Company", true);
    await form.addQuestion("One of several options", "Topic", false, ["Sales", "Support"]);
    await form.create();
    await dashboard.toast("Event type created.");
    await expectNoSeriousAxeViolations(page);
    const url = await form.bookingUrl();
    expect(url).toMatch(new RegExp(`/${host.username}/intro-call$`));

    // An invitee books it on its public page.
    const { page: invitee } = await session.newPage({ timezoneId: zone });
    const booking = new BookingPage(invitee);
    await booking.open(url);
    const day = await booking.bookableDates().first().getAttribute("data-day");
    expect(day).not.toBe(dayOff);
    await booking.chooseFirstDate();
    const time = await booking.chooseTime(0);
    await booking.fillDetails({ name: "Ida Invitee", email: "ida@example.com" });
    await invitee.getByLabel("\u2068Company\u2069", { exact: true }).fill("Acme");
    await booking.schedule();
    await booking.confirmed();

    // The host sees it with the answers, and cancels it.
    await dashboard.go("Bookings");
    const row = page.getByRole("listitem").filter({ hasText: "Ida Invitee" });
    await row.getByRole("button", { name: /^Details/ }).click();
    const details = dashboard.dialog("Intro call");
    await details.getByText("Acme").waitFor();
    await expect(details.getByText("Company").isVisible()).resolves.toBe(true);
    const join = details.getByRole("link", { name: "https://zoom.example.com/j/42" });
    expect(await join.getAttribute("href")).toBe("https://zoom.example.com/j/42");
    await details.getByRole("button", { name: "Cancel booking" }).click();
    await details.getByLabel("Reason (sent to the invitee)").fill("Something came up.");
    await details.getByRole("button", { name: "Cancel the booking" }).click();
    await dashboard.toast(/Booking cancelled/);
    await page.getByRole("button", { name: "Cancelled" }).click();
    await page.getByRole("listitem").filter({ hasText: "Ida Invitee" }).waitFor();

    // The invitee's time is free again.
    await booking.open(url);
    await invitee.locator(`button[data-day="${day}"]:not([disabled])`).click();
    await booking.timeSection().getByRole("button", { name: time, exact: true }).waitFor();
  });
});

describe("deleting event types", () => {
  it("deletes one from its card and one from its edit page, each after asking", async () => {
    const { page } = await session.newPage({ timezoneId: zone });
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Dora"));
    const body = (title: string, slug: string) => ({
      kind: "ONE_ON_ONE",
      title,
      slug,
      duration: 30,
      locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } }],
    });
    await dashboard.api("POST", "/api/event-types", body("Old intro", "old-intro"));
    const kept = await dashboard.api("POST", "/api/event-types", body("Old demo", "old-demo"));
    const titles = async () =>
      ((await dashboard.api("GET", "/api/event-types")).eventTypes as { title: string }[]).map(
        (type) => type.title,
      );

    // From the list: the card's button names its type; cancelling the question keeps it.
    await dashboard.go("Event types");
    const more = page.getByRole("button", { name: "More Old intro" });
    expect(await more.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("button", { name: "Delete Old intro" }).count()).toBe(0);
    await more.click();
    expect(await more.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("button", { name: "Delete Old intro" }).click();
    await dashboard.dialog("Delete Old intro?").getByRole("button", { name: "Cancel" }).click();
    expect(await titles()).toContain("Old intro");
    await page.getByRole("button", { name: "Delete Old intro" }).click();
    await dashboard.dialog("Delete Old intro?").getByRole("button", { name: "Delete" }).click();
    await dashboard.toast("Event type deleted.");
    await expect.poll(() => page.getByRole("button", { name: "Delete Old intro" }).count()).toBe(0);
    expect(await titles()).toEqual(["Old demo"]);

    // From its own page: back to the list once it is gone.
    await page.goto(`/dashboard/event-types/${kept.id}`);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await dashboard.dialog("Delete Old demo?").getByRole("button", { name: "Delete" }).click();
    await dashboard.toast("Event type deleted.");
    await page.waitForURL("**/dashboard/event-types");
    expect(await titles()).toEqual([]);
  });
});

describe("event type validation", () => {
  it("shows the API's field errors beside their fields", async () => {
    const { page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Val"));
    await dashboard.go("Event types");
    const form = new DashboardEventTypeForm(page);
    await form.start("One-on-one");
    await form.addLocation("In person");
    await form.addQuestion("Short text", "", true);
    await page.getByRole("button", { name: "Create event type" }).click();
    const title = page.getByLabel("Title", { exact: true });
    await expect.poll(() => title.getAttribute("aria-invalid")).toBe("true");
    const address = page.getByLabel("Address", { exact: true });
    await expect(address.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(page.getByText("Enter the address.").isVisible()).resolves.toBe(true);
    const question = page.getByLabel("Question", { exact: true });
    await expect(question.getAttribute("aria-invalid")).resolves.toBe("true");
    await page.getByRole("alert").getByText("Please correct the marked fields.").waitFor();
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute("aria-invalid")),
    ).resolves.toBe("true");
  });
});

describe("teams", () => {
  it("lets an admin create a round-robin type whose hosts are two members", async () => {
    const { page } = await session.newPage({ timezoneId: zone });
    const dashboard = new DashboardPage(page);
    const member = newHost("Mo");
    const signup = await page.request.post("/api/auth/signup", {
      data: { ...member, timeZone: zone },
    });
    expect(signup.status()).toBe(201);
    await page.context().clearCookies();
    // A team event type is published only once every host verified their address.
    const verified = await page.request.post("/api/auth/verify-email", {
      data: { token: await dashboard.mailedToken(member.email, "verify-email") },
    });
    expect(verified.status()).toBe(204);
    const admin = newHost("Ada");
    await dashboard.signUp(admin);

    await dashboard.go("Teams");
    await page.getByRole("button", { name: "New team" }).click();
    const create = dashboard.dialog("New team");
    await create.getByLabel("Team name").fill("Sales Crew");
    await create.getByLabel("Team link").fill(`sales-${randomUUID().slice(0, 8)}`);
    await create.getByRole("button", { name: "Create team" }).click();
    await dashboard.heading("Sales Crew").waitFor();
    await page.getByLabel("Email address").fill(member.email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await dashboard.toast(`Invitation sent to ${member.email}.`);
    // The member joins by following the mailed link while signed in as themselves.
    const memberToken = ((await signup.json()) as { token: string }).token;
    const accepted = await page.request.post("/api/invitations/by-token/accept", {
      headers: { authorization: `Bearer ${memberToken}` },
      data: { token: await dashboard.mailedToken(member.email, "invitation") },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await page.reload();
    await page.getByText(member.email).waitFor();

    await page.getByRole("button", { name: "New team event type" }).click();
    const kind = dashboard.dialog("New event type");
    await kind.getByRole("radio", { name: /^Round robin/ }).check();
    await kind.getByRole("button", { name: "Continue" }).click();
    const form = new DashboardEventTypeForm(page);
    await page.getByLabel("Title", { exact: true }).waitFor();
    await form.fillBasics("Sales demo");
    await page.getByRole("checkbox", { name: new RegExp(admin.name) }).check();
    // One host is too few: creating takes the admin to the hosts, and a second clears it.
    await page.getByRole("button", { name: "Create event type" }).click();
    const hostsError = page.getByText("Add at least two hosts.");
    await hostsError.waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type ?? null),
      )
      .toBe("checkbox");
    const focused = await page.evaluate(() =>
      document.activeElement?.closest("section")?.textContent?.includes("Add at least two hosts."),
    );
    expect(focused).toBe(true);
    await page.getByRole("checkbox", { name: new RegExp(member.name) }).check();
    expect(await hostsError.count()).toBe(0);
    await page.getByLabel(`Priority of ${admin.name}`).fill("2");
    await form.create();
    await dashboard.toast("Event type created.");

    await expect(
      page.getByRole("checkbox", { name: new RegExp(admin.name) }).isChecked(),
    ).resolves.toBe(true);
    await expect(
      page.getByRole("checkbox", { name: new RegExp(member.name) }).isChecked(),
    ).resolves.toBe(true);
    const id = page.url().split("/").at(-1);
    const stored = await (await page.request.get(`/api/event-types/${id}`)).json();
    expect(stored.kind).toBe("ROUND_ROBIN");
    expect(stored.url).toMatch(/\/R\/[A-Za-z0-9]{12}$/);
    expect(stored.hosts).toHaveLength(2);
    const me = await (await page.request.get("/api/me")).json();
    expect(stored.hosts).toContainEqual({ userId: me.user.id, priority: 2 });

    // An invitee books it; the admin hands the meeting to the other host.
    const { page: invitee } = await session.newPage();
    const sharedLink = stored.sharedLink as string;
    const today = await utcDay();
    const end = await utcDay(14);
    const timetable = await (
      await invitee.request.get(
        `/api/timetable-by-shared-link?sharedLink=${sharedLink}&start=${today}&end=${end}&check_first_available=true&timezone=${zone}`,
      )
    ).json();
    const start = Object.values(
      timetable.timetable[0].slots as Record<string, { start: string }>,
    )[0]?.start;
    const booked = await invitee.request.post("/api/event", {
      data: { sharedLink, start, timezone: zone, name: "Rita Round", email: "rita@example.com" },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { event } = await booked.json();
    const bookedHost = event.hosts[0].name as string;
    const other = bookedHost === admin.name ? member.name : admin.name;
    await dashboard.go("Bookings");
    await page
      .getByRole("listitem")
      .filter({ hasText: "Rita Round" })
      .getByRole("button", { name: /^Details/ })
      .click();
    const details = dashboard.dialog("Sales demo");
    await details.getByRole("button", { name: "Move to another host" }).click();
    await details.getByLabel("New host").selectOption({ label: other });
    await details.getByRole("button", { name: "Move booking" }).click();
    await dashboard.toast("The booking has a new host.");
    const moved = await (await invitee.request.get(`/api/event/uuid/${event.uuid}`)).json();
    expect(moved.event.hosts.map((h: { name: string }) => h.name)).toEqual([other]);
  });
});

describe("long names", () => {
  it("keeps a long unbroken invitee name inside the bookings list and its details dialog at 375 px", async () => {
    const phone = { timezoneId: zone, viewport: { width: 375, height: 800 } };
    const { page } = await session.newPage(phone);
    const dashboard = new DashboardPage(page);
    const host = newHost("Lena");
    await dashboard.signUp(host);
    const type = (await dashboard.api("POST", "/api/event-types", {
      kind: "ONE_ON_ONE",
      title: "Long name call",
      slug: "long-name-call",
      duration: 30,
      locations: [{ type: "ZOOM", options: { url: "https://zoom.example.com/j/7" } }],
    })) as { slug: string };
    const name = `Maximilian${"W".repeat(70)}`;
    const { page: invitee } = await session.newPage(phone);
    const booking = new BookingPage(invitee);
    await booking.open(`/${host.username}/${type.slug}`);
    await booking.chooseDate(1);
    await booking.chooseTime(0);
    await booking.fillDetails({ name, email: "max@example.com" });
    await booking.schedule();
    await booking.confirmed();

    await dashboard.go("Bookings");
    const row = page.getByRole("listitem").filter({ hasText: name });
    await row.getByRole("button", { name: /^Details/ }).click();
    const details = dashboard.dialog("Long name call");
    await details.getByText(name).first().waitFor();
    // Nothing wider than its box: the name breaks instead of pushing the dialog or page sideways.
    const overflows = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll("dialog, dialog li, li")]
        .filter(
          (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "auto",
        )
        .map((el) => `${el.tagName}.${el.className}`.slice(0, 80)),
    );
    expect(overflows).toEqual([]);
  });
});

describe("passwords", () => {
  it("resets a forgotten password with the mailed link, then changes it when signed in", async () => {
    const { page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    const host = newHost("Pat");
    await dashboard.signUp(host);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/dashboard/forgot-password");
    await page.getByLabel("Email").fill(host.email);
    await page.getByRole("button", { name: "Send link" }).click();
    await page.getByText(/a link to reset its password is on its way/).waitFor();
    const mailbox = await (await page.request.get("/dev/mailbox.json")).json();
    const mail = mailbox.mails.find(
      (m: { to: string; subject: string }) =>
        m.to === host.email && m.subject === "Reset your Slotted password",
    );
    const link = /https?:\/\/\S+\/dashboard\/reset-password\?token=\S+/.exec(mail?.text ?? "")?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? "");
    await page.getByLabel("New password", { exact: true }).fill("a second long password");
    await page.getByLabel("New password again").fill("a second long password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText("Your password is changed. Sign in with the new one.").waitFor();

    const home = new HomePage(page);
    await home.open();
    await home.signIn(host.email, "a second long password");
    await dashboard.heading(`Welcome, ${host.name}`).waitFor();

    await dashboard.go("Settings");
    await page.getByRole("link", { name: "Change password" }).click();
    await page.getByLabel("Current password").fill("wrong password");
    await page.getByLabel("New password", { exact: true }).fill("a third long password");
    await page.getByLabel("New password again").fill("a third long password");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Wrong password.").waitFor();
    await page.getByLabel("Current password").fill("a second long password");
    await page.getByRole("button", { name: "Change password" }).click();
    await dashboard.toast("Password changed.");
  });
});

describe("locked brand colours", () => {
  it("tells a member 'Colors are locked by your admin' and keeps the pickers off", async () => {
    const { page: adminPage } = await session.newPage();
    const admin = new DashboardPage(adminPage);
    await admin.signUp(newHost("Lock"));
    const { page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    const member = newHost("Mem");
    await dashboard.signUp(member);
    const team = await admin.api("POST", "/api/teams", {
      name: "Brand Team",
      slug: `brand-${randomUUID().slice(0, 8)}`,
    });
    const { invitation } = await admin.api("POST", `/api/teams/${team.id}/members`, {
      email: member.email,
    });
    await dashboard.api("POST", `/api/invitations/${invitation.id}/accept`);
    await adminPage.goto(`/dashboard/teams/${team.id}`);
    await adminPage.getByRole("switch", { name: "Lock the colors for members" }).check();
    await admin.toast("Colors saved.");

    await dashboard.go("Settings");
    await page.getByText("Colors are locked by your admin").waitFor();
    await expect(page.getByLabel("Background color").isDisabled()).resolves.toBe(true);
    await page.goto(`/dashboard/teams/${team.id}`);
    await page.getByText("Colors are locked by your admin").waitFor();
    await expectNoSeriousAxeViolations(page);
  });
});

describe("profile settings", () => {
  it("refuses a fake or oversized image with the spec's message and takes a real one", async () => {
    const { page } = await session.newPage();
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Pia"));
    await dashboard.go("Settings");
    const picker = page.getByLabel("Profile picture", { exact: true });
    await picker.setInputFiles({
      name: "cat.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>"),
    });
    await page.getByText("Invalid file type. Use a PNG, JPG, GIF or WebP image.").waitFor();
    await expect(picker.getAttribute("aria-invalid")).resolves.toBe("true");
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    );
    await picker.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]),
    });
    await page.getByText("Image too large. Images can be at most 5 MB.").waitFor();
    await picker.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await dashboard.toast("Profile picture updated.");
    const avatar = page.getByRole("img", { name: /^Profile picture of/ });
    const src = await avatar.getAttribute("src");
    const served = await page.request.get(src ?? "");
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  });

  it("quotes the page's own 'Powered by' label in the hide-branding hint, in the page's language", async () => {
    const { page, context } = await session.newPage();
    const dashboard = new DashboardPage(page);
    await dashboard.signUp(newHost("Pekka"));
    await dashboard.go("Settings");
    await page.getByText("Removes the 'Powered by Slotted' link from your pages.").waitFor();
    await context.addCookies([{ name: "language", value: "fi", url: page.url() }]);
    await page.reload();
    await page.getByText("Poistaa sivuiltasi linkin ”Palvelun tarjoaa Slotted”.").waitFor();
  });
});
