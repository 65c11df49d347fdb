import { describe, expect, it } from "vitest";
import { BOOKING_NOW, bookingBody, bookOk, userLink } from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp({ devMailbox: true });
t.setNow(BOOKING_NOW);

interface MailboxEntry {
  to: string | null;
  subject: string | null;
  text: string | null;
}

/** The rendered mails to `email` in the development mailbox, oldest first. */
async function mailsTo(email: string): Promise<MailboxEntry[]> {
  const response = await t.request({ method: "GET", url: "/dev/mailbox.json" });
  expect(response.statusCode).toBe(200);
  const { mails } = response.json() as { mails: MailboxEntry[] };
  return mails.filter((mail) => mail.to === email).reverse();
}

// Intl's thin spaces around a range's dash, as plain spaces.
const plain = (text: string | null) => (text ?? "").replace(/[\u2009\u202f]/g, " ");

describe("booking mails in the recipient's language", () => {
  it("writes the invitee in the booking's language and the host in theirs", async () => {
    const host = await signUpHost(t, { name: "Ada Host", language: "de" });
    const type = await createEventType(t, host, { title: "Intro call" });
    const body = bookingBody(userLink(host, type), {
      name: "Camille Martin",
      email: "camille@example.com",
      language: "fr",
    });
    const answer = await bookOk(t, body);

    const [invitee] = await mailsTo("camille@example.com");
    expect(invitee!.subject).toBe("Confirmé\u00a0: Intro call");
    expect(invitee!.text).toContain("Votre réservation est confirmée.");
    expect(plain(invitee!.text)).toContain(
      "Quand\u00a0: lundi 4 janvier 2027, 09:00 – 09:30 (Europe/Berlin)",
    );
    expect(invitee!.text).toContain(`Annuler\u00a0: ${answer.attendee.cancelUrl}`);

    const [toHost] = await mailsTo(host.email);
    expect(toHost!.subject).toBe("Neue Buchung: Intro call mit Camille Martin");
    expect(toHost!.text).toContain("Camille Martin hat Intro call gebucht.");
    expect(plain(toHost!.text)).toContain("Wann: Montag, 4. Januar 2027, 09:00–09:30 Uhr");
    expect(toHost!.text).toContain("Eingeladene Person: Camille Martin <camille@example.com>");

    // The invitee cancels with the link from the mail: the same languages again.
    const token = answer.attendee.cancelUrl.split("/").at(-1)!;
    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${answer.attendee.uuid}/cancel`,
      payload: { token: decodeURIComponent(token), cancellation_reason: "Empêchée" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [, inviteeCancel] = await mailsTo("camille@example.com");
    expect(inviteeCancel!.subject).toBe("Annulé\u00a0: Intro call");
    expect(inviteeCancel!.text).toContain("Cette réunion a été annulée.");
    expect(inviteeCancel!.text).toContain("Motif\u00a0: Empêchée");
    const [, hostCancel] = await mailsTo(host.email);
    expect(hostCancel!.subject).toBe("Abgesagt: Intro call mit Camille Martin");
    expect(hostCancel!.text).toContain("Dieser Termin wurde abgesagt.");
  });

  it("sends the invitee informal German when the page is in de-du", async () => {
    const host = await signUpHost(t, { language: "en" });
    const type = await createEventType(t, host, { title: "Kennenlernen" });
    await bookOk(
      t,
      bookingBody(userLink(host, type), { email: "kim@example.com", language: "de-du" }),
    );
    const [invitee] = await mailsTo("kim@example.com");
    expect(invitee!.subject).toBe("Bestätigt: Kennenlernen");
    expect(invitee!.text).toContain("Deine Buchung ist bestätigt.");
    expect(invitee!.text).toContain("Möchtest du etwas ändern?");
    const [toHost] = await mailsTo(host.email);
    expect(toHost!.subject).toMatch(/^New booking: Kennenlernen with /);
  });

  it("sends the email code in the booking page's language", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      title: "Intro call",
      requiresEmailVerification: true,
    });
    const sent = await t.request({
      method: "POST",
      url: "/api/event/verify-email",
      payload: { ...userLink(host, type), email: "lea@example.com", language: "fr" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await mailsTo("lea@example.com");
    expect(mail!.subject).toMatch(/^\d{6} est votre code de vérification$/);
    expect(mail!.text).toContain("Saisissez ce code pour réserver Intro call\u00a0:");
    expect(mail!.text).toContain("Le code expire dans 10 minutes.");
  });
});
