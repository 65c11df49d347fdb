import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import type { MailPayload } from "../../mail/mailTypes";
import { renderMail } from "../../mail/renderMail";
import { BOOKING_NOW, book, bookingBody, userLink } from "../../test/bookingFactories";
import {
  createEventType,
  createTeam,
  type Host,
  mailedVerificationToken,
  signUpHost,
} from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

const get = (url: string) => t.request({ method: "GET", url });
const verify = (token: string) =>
  t.request({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
const resend = (host: Host) =>
  t.request({ method: "POST", url: "/api/auth/verify-email/resend", headers: host.headers });

async function verificationMailsTo(email: string): Promise<MailPayload[]> {
  const rows = await t.database.db.select().from(outbox).orderBy(asc(outbox.id));
  return rows
    .map((row) => row.payload as unknown as MailPayload)
    .filter((mail) => mail.template === "emailVerification" && mail.to.email === email);
}

/** Every public way to an unverified host's pages: each must answer as if nothing were published. */
async function publicStatuses(host: Host, slug: string, singleUseLink: string) {
  const window = "start=2027-01-04&end=2027-01-10&timezone=Europe/Berlin";
  return {
    page: (await get(`/api/page/${host.username}`)).statusCode,
    eventType: (await get(`/api/user/${host.username}/${slug}`)).statusCode,
    timetable: (
      await get(`/api/timetable?userLink=${host.username}&eventTypeLink=${slug}&${window}`)
    ).statusCode,
    singleUse: (await get(`/api/single-use-link/${singleUseLink}`)).statusCode,
    singleUseTimetable: (await get(`/api/timetable-by-link?link=${singleUseLink}&${window}`))
      .statusCode,
  };
}

describe("sign-up email verification", () => {
  it("mails a link in the sign-up's language; until it is followed nothing is published or bookable", async () => {
    const host = await signUpHost(t, { language: "pl" }, { verified: false });
    const me = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(me.json().user.emailVerified).toBe(false);
    const [mail] = await verificationMailsTo(host.email);
    expect(mail).toMatchObject({ language: "pl", data: { email: host.email } });
    const rendered = renderMail(mail!);
    expect(rendered.text).toContain("/dashboard/verify-email?token=");
    expect(rendered.subject).not.toBe(renderMail({ ...mail!, language: "en" }).subject);

    // The host can still set everything up.
    const type = await createEventType(t, host);
    const link = await t.request({
      method: "POST",
      url: `/api/event-types/${type.id}/single-use-links`,
      headers: host.headers,
    });
    expect(link.statusCode, link.body).toBe(201);
    const singleUse = link.json().link as string;

    expect(await publicStatuses(host, type.slug, singleUse)).toEqual({
      page: 404,
      eventType: 404,
      timetable: 404,
      singleUse: 404,
      singleUseTimetable: 404,
    });
    const byLink = await book(t, bookingBody(userLink(host, type)));
    expect(byLink.statusCode).toBe(404);
    expect(byLink.json().message).toBe("User not found.");
    expect((await book(t, bookingBody({ singleUseLink: singleUse }))).statusCode).toBe(404);

    const verified = await verify(await mailedVerificationToken(t, host.email));
    expect(verified.statusCode, verified.body).toBe(204);
    const after = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(after.json().user.emailVerified).toBe(true);
    expect(await publicStatuses(host, type.slug, singleUse)).toEqual({
      page: 200,
      eventType: 200,
      timetable: 200,
      singleUse: 200,
      singleUseTimetable: 200,
    });
    const booked = await book(t, bookingBody(userLink(host, type)));
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it("keeps a team's event type unpublished while one of its hosts is unverified", async () => {
    // An unverified host must not publish through a team of their own either.
    const admin = await signUpHost(t, {}, { verified: false });
    const member = await signUpHost(t);
    // An unverified account can no longer invite anyone: the team stands for one built before
    // that rule, so the admin counts as verified only while inviting.
    const setVerified = (verified: boolean) =>
      t.database.query(
        `update users set email_verified_at = ${verified ? "now()" : "null"} where id = $1`,
        [admin.id],
      );
    await setVerified(true);
    const team = await createTeam(t, admin, [member]);
    await setVerified(false);
    const type = await createEventType(t, admin, {
      kind: "COLLECTIVE",
      teamId: team.id,
      hosts: [admin, member].map((h) => ({ userId: h.id, priority: 0 })),
    });
    const window = "start=2027-01-04&end=2027-01-10&timezone=Europe/Berlin";
    const statuses = async () => ({
      eventType: (await get(`/api/shared/${type.sharedLink}`)).statusCode,
      timetable: (
        await get(`/api/timetable-by-shared-link?sharedLink=${type.sharedLink}&${window}`)
      ).statusCode,
      listed: ((await get(`/api/page/${team.slug}`)).json().page.eventTypes as unknown[]).length,
    });
    expect(await statuses()).toEqual({ eventType: 404, timetable: 404, listed: 0 });
    expect((await book(t, bookingBody({ sharedLink: type.sharedLink }))).statusCode).toBe(404);

    expect((await verify(await mailedVerificationToken(t, admin.email))).statusCode).toBe(204);
    expect(await statuses()).toEqual({ eventType: 200, timetable: 200, listed: 1 });
  });

  it("refuses a used, expired, altered or malformed link", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const token = await mailedVerificationToken(t, host.email);
    const [id, secret] = token.split(".") as [string, string];
    for (const wrong of [`${id}.${secret.slice(0, -2)}xx`, secret, "x.y", `${id}.`]) {
      expect((await verify(wrong)).statusCode, wrong).toBe(410);
    }
    t.setNow(new Date(BOOKING_NOW.getTime() + 25 * 3_600_000));
    try {
      const expired = await verify(token);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toBe(
        "This link is invalid, used or expired. Please ask for a new one.",
      );
    } finally {
      t.setNow(BOOKING_NOW);
    }
    expect((await verify(token)).statusCode).toBe(204);
    expect((await verify(token)).statusCode).toBe(410);
  });

  it("does not verify an address the account moved away from", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const oldLink = await mailedVerificationToken(t, host.email);
    const moved = `moved-${host.username}@example.com`;
    await t.request({
      method: "POST",
      url: "/api/me/email",
      headers: host.headers,
      payload: { email: moved, currentPassword: "correct horse battery" },
    });
    const rows = await t.database.db.select().from(outbox).orderBy(asc(outbox.id));
    const change = rows
      .map((row) => row.payload as unknown as MailPayload)
      .find((mail) => mail.template === "emailChange" && mail.to.email === moved);
    const changeToken = new URL((change!.data as { url: string }).url).searchParams.get("token")!;
    const confirmed = await t.request({
      method: "POST",
      url: "/api/me/email/confirm",
      payload: { token: changeToken },
    });
    // Following the link to the new address proves it: the account is verified.
    expect(confirmed.json().user).toMatchObject({ email: moved, emailVerified: true });
    expect((await verify(oldLink)).statusCode).toBe(410);
  });

  it("mails a new link on request, a few times an hour, and not once verified", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await resend(host)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    // The sign-up's mail and three more, each with its own working link.
    expect(await verificationMailsTo(host.email)).toHaveLength(4);
    expect((await verify(await mailedVerificationToken(t, host.email))).statusCode).toBe(204);

    const verified = await signUpHost(t);
    const again = await resend(verified);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Your email address is already verified.");
    const anonymous = await t.request({ method: "POST", url: "/api/auth/verify-email/resend" });
    expect(anonymous.statusCode).toBe(401);
  });
});
