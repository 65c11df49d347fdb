import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailConfirmations, outbox } from "../../db/schema";
import type { MailPayload } from "../../mail/mailTypes";
import { renderMail } from "../../mail/renderMail";
import { type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

// The server runs at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const PASSWORD = "correct horse battery";

/** The mails in the outbox to `email`, oldest first. */
async function mailsTo(email: string): Promise<MailPayload[]> {
  const rows = await t.database.db.select().from(outbox).orderBy(asc(outbox.id));
  return rows
    .map((row) => row.payload as unknown as MailPayload)
    .filter((mail) => mail.to.email.toLowerCase() === email.toLowerCase());
}

function tokenOf(mail: MailPayload | undefined): string {
  expect(mail?.template).toBe("emailChange");
  return new URL((mail as { data: { url: string } }).data.url).searchParams.get("token")!;
}

const requestChange = (
  host: Host,
  email: string,
  currentPassword = PASSWORD,
  headers: Record<string, string> = {},
) =>
  t.request({
    method: "POST",
    url: "/api/me/email",
    headers: { ...host.headers, ...headers },
    payload: { email, currentPassword },
  });

const confirm = (token: string) =>
  t.request({ method: "POST", url: "/api/me/email/confirm", payload: { token } });

async function emailOf(host: Host): Promise<string> {
  const me = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
  return me.json().user.email;
}

let counter = 0;
const freshAddress = () => `moved-${++counter}@example.com`;

describe("POST /api/me/email", () => {
  it("refuses a wrong current password on its field, in the asked language, and mails nothing", async () => {
    const host = await signUpHost(t);
    const target = freshAddress();
    const english = await requestChange(host, target, "not my password");
    expect(english.statusCode).toBe(422);
    expect(english.json().errors).toEqual({ currentPassword: ["Wrong password."] });
    const german = await requestChange(host, target, "not my password", {
      "accept-language": "de",
    });
    expect(german.statusCode).toBe(422);
    expect(german.json().errors.currentPassword[0]).not.toBe("Wrong password.");
    expect(await mailsTo(target)).toEqual([]);
    expect(await mailsTo(host.email)).toEqual([]);
    expect(await emailOf(host)).toBe(host.email);
  });

  it("mails a link to the new address and a notice to the old one; the link switches the address", async () => {
    const host = await signUpHost(t, { language: "fr" });
    const target = freshAddress();
    const response = await requestChange(host, target);
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await emailOf(host)).toBe(host.email);

    const [notice] = await mailsTo(host.email);
    expect(notice).toMatchObject({
      template: "emailChangeNotice",
      language: "fr",
      data: { newEmail: target },
    });
    const rendered = renderMail(notice!);
    expect(rendered.text).toContain(target);
    expect(rendered.subject).not.toBe(renderMail({ ...notice!, language: "en" }).subject);

    const toNew = await mailsTo(target);
    expect(toNew.map((mail) => mail.template)).toEqual(["emailChange"]);
    const token = tokenOf(toNew[0]);
    expect(renderMail(toNew[0]!).text).toContain(`/dashboard/confirm-email?token=`);
    // Only a hash of the secret is stored.
    const [stored] = await t.database.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.userId, host.id));
    expect(stored!.tokenHash).not.toContain(token.split(".")[1]!);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email: target, emailVerified: true });
    expect(await emailOf(host)).toBe(target);
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: target, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(
      "This link is invalid, used or expired. Please ask for a new one.",
    );
  });

  it("refuses expired, altered, malformed and superseded links", async () => {
    const host = await signUpHost(t);
    await requestChange(host, freshAddress());
    const [first] = await t.database.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.userId, host.id));
    const target = freshAddress();
    await requestChange(host, target);
    const token = tokenOf((await mailsTo(target))[0]);
    const [id, secret] = token.split(".") as [string, string];

    for (const wrong of [
      `${id}.${secret.slice(0, -2)}xx`,
      `${first!.id}.${secret}`,
      `${id}`,
      "not-a-uuid.secret",
      `00000000-0000-4000-8000-000000000000.${secret}`,
    ]) {
      const response = await confirm(wrong);
      expect(response.statusCode, wrong).toBe(410);
    }

    t.setNow(new Date(NOW.getTime() + 25 * 3_600_000));
    try {
      expect((await confirm(token)).statusCode).toBe(410);
    } finally {
      t.setNow(NOW);
    }
    expect(await emailOf(host)).toBe(host.email);
    // The newer request turned the first link off.
    const [firstRow] = await t.database.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.id, first!.id));
    expect(firstRow!.usedAt).not.toBeNull();
  });

  it("answers alike whether or not the new address has an account, and never moves onto one", async () => {
    const host = await signUpHost(t);
    const owner = await signUpHost(t);
    const free = await requestChange(host, freshAddress());
    const taken = await requestChange(host, owner.email.toUpperCase());
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());

    const toOwner = await mailsTo(owner.email);
    expect(toOwner.map((mail) => mail.template)).toEqual(["emailInUse"]);
    expect(renderMail(toOwner[0]!).text).toContain("/dashboard/forgot-password");
    expect((await mailsTo(host.email)).map((mail) => mail.template)).toEqual([
      "emailChangeNotice",
      "emailChangeNotice",
    ]);
    const links = await t.database.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.userId, host.id));
    expect(links.map((link) => link.email)).not.toContain(owner.email.toUpperCase());
  });

  it("refuses the link when another account took the address meanwhile", async () => {
    const host = await signUpHost(t);
    const target = freshAddress();
    await requestChange(host, target);
    const token = tokenOf((await mailsTo(target))[0]);
    await signUpHost(t, { email: target.toUpperCase() });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ email: ["This email is already registered."] });
    expect(await emailOf(host)).toBe(host.email);
  });

  it("refuses the address the account has now", async () => {
    const host = await signUpHost(t);
    const response = await requestChange(host, host.email.toUpperCase());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ["This is already your email address."] });
  });

  it("limits requests per account", async () => {
    const host = await signUpHost(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await requestChange(host, freshAddress(), i % 2 ? "wrong" : PASSWORD)).statusCode,
      );
    }
    expect(statuses).toEqual([202, 422, 202, 422, 202, 429]);
  });

  it("needs a session", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/me/email",
      payload: { email: freshAddress(), currentPassword: PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("PATCH /api/me", () => {
  it("no longer changes the email address", async () => {
    const host = await signUpHost(t);
    const response = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: { email: freshAddress() },
    });
    expect(response.statusCode).toBe(422);
    expect(await emailOf(host)).toBe(host.email);
  });
});
