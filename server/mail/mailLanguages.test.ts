import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../core/accounts/accountSchemas";
import { readServerCatalogs } from "../i18n/serverI18n";
import type { BookingMailData, MailPayload, RenderedMail } from "./mailTypes";
import { renderMail } from "./renderMail";

const booking: BookingMailData = {
  role: "invitee",
  uid: "e1@slotted",
  sequence: 1,
  stamp: "2027-01-01T10:00:00.000Z",
  title: "Intro call",
  start: "2027-01-04T08:00:00.000Z",
  end: "2027-01-04T08:30:00.000Z",
  formerStart: "2027-01-03T08:00:00.000Z",
  formerEnd: "2027-01-03T08:30:00.000Z",
  timeZone: "Europe/Berlin",
  timeFormat: 24,
  location: { type: "PHONE_CALL", value: "+49 30 123456", direction: "HOST_CALLS_INVITEE" },
  organizer: { email: "host@example.com", name: "Ada Host" },
  hostNames: ["Ada Host", "Bo Host"],
  invitee: {
    name: "Grace Invitee",
    email: "grace@example.com",
    phone: "+49 30 123456",
    guests: ["guest@example.com"],
  },
  answers: [],
  reason: "Clash",
  cancelUrl: "https://slotted.example.com/cancel/a1/tok",
  rescheduleUrl: "https://slotted.example.com/reschedule/by-attendee/a1?token=tok",
  seatOnly: false,
};

/** Every template in every variant its subject and heading have. */
const variants: Record<string, Omit<MailPayload, "language" | "to">> = {
  confirmedInvitee: { template: "bookingConfirmed", data: booking },
  confirmedGuest: { template: "bookingConfirmed", data: { ...booking, role: "guest" } },
  confirmedHost: { template: "bookingConfirmed", data: { ...booking, role: "host" } },
  confirmedOnline: {
    template: "bookingConfirmed",
    data: { ...booking, location: { type: "ONLINE", value: "https://meet.example.com/x" } },
  },
  confirmedInPerson: {
    template: "bookingConfirmed",
    data: { ...booking, location: { type: "IN_PERSON", value: "Main Street 1" } },
  },
  confirmedCustom: {
    template: "bookingConfirmed",
    data: { ...booking, location: { type: "CUSTOM", value: "Room 4" } },
  },
  confirmedInviteeCalls: {
    template: "bookingConfirmed",
    data: {
      ...booking,
      location: { type: "PHONE_CALL", value: "+1 555 0100", direction: "INVITEE_CALLS_HOST" },
    },
  },
  cancelledInvitee: {
    template: "bookingCancelled",
    data: { ...booking, cancelUrl: null, rescheduleUrl: null },
  },
  cancelledHost: { template: "bookingCancelled", data: { ...booking, role: "host" } },
  cancelledHostSeat: {
    template: "bookingCancelled",
    data: { ...booking, role: "host", seatOnly: true },
  },
  rescheduledInvitee: { template: "bookingRescheduled", data: booking },
  rescheduledHost: { template: "bookingRescheduled", data: { ...booking, role: "host" } },
  rescheduledNewHost: {
    template: "bookingRescheduled",
    data: { ...booking, formerStart: booking.start, formerEnd: booking.end },
  },
  emailCodeBooking: {
    template: "emailCode",
    data: { code: "012345", minutes: 10, title: "Intro call" },
  },
  emailCodeAddress: { template: "emailCode", data: { code: "012345", minutes: 10, title: null } },
  passwordReset: {
    template: "passwordReset",
    data: { name: "Ada", url: "https://slotted.example.com/dashboard/reset?token=t", minutes: 60 },
  },
  hostInvitation: {
    template: "hostInvitation",
    data: { inviterName: "Ada Owner", url: "https://slotted.example.com/?invitation=t", days: 7 },
  },
  teamInvitationMember: {
    template: "teamInvitation",
    data: {
      teamName: "Sales",
      inviterName: "Ada Host",
      role: "member",
      url: "https://slotted.example.com/dashboard/invitation?token=t",
      days: 7,
    },
  },
  teamInvitationAdmin: {
    template: "teamInvitation",
    data: {
      teamName: "Sales",
      inviterName: "Ada Host",
      role: "admin",
      url: "https://slotted.example.com/dashboard/invitation?token=t",
      days: 1,
    },
  },
  emailVerification: {
    template: "emailVerification",
    data: {
      name: "Ada",
      email: "ada@example.com",
      url: "https://slotted.example.com/dashboard/verify-email?token=t",
      hours: 24,
    },
  },
  emailChange: {
    template: "emailChange",
    data: {
      name: "Ada",
      email: "ada@new.example.com",
      url: "https://slotted.example.com/dashboard/confirm-email?token=t",
      hours: 1,
    },
  },
  emailChangeNotice: {
    template: "emailChangeNotice",
    data: {
      name: "Ada",
      newEmail: "ada@new.example.com",
      url: "https://slotted.example.com/dashboard/settings/password",
    },
  },
  confirmedPaid: {
    template: "bookingConfirmed",
    data: { ...booking, payment: { amount: 2500, currency: "EUR" } },
  },
  cancelledRefunded: {
    template: "bookingCancelled",
    data: { ...booking, payment: { amount: 2500, currency: "EUR", refunded: 2500 } },
  },
  paymentRefunded: {
    template: "paymentRefunded",
    data: { name: "Grace", title: "Intro call", amount: 2500, currency: "EUR", reason: "late" },
  },
  paymentRefundedByHost: {
    template: "paymentRefunded",
    data: { name: "Grace", title: "Intro call", amount: 2500, currency: "EUR", reason: "host" },
  },
  paymentRefundedUntitled: {
    template: "paymentRefunded",
    data: { name: "Grace", title: null, amount: 2500, currency: "EUR", reason: "late" },
  },
  emailInUse: {
    template: "emailInUse",
    data: { url: "https://slotted.example.com/dashboard/forgot-password" },
  },
  webhookPausedGone: {
    template: "webhookPaused",
    data: {
      url: "https://hooks.example.com/in",
      reason: "gone",
      manageUrl: "https://slotted.example.com/dashboard/webhooks",
    },
  },
  webhookPausedFailing: {
    template: "webhookPaused",
    data: {
      url: "https://hooks.example.com/in",
      reason: "failing",
      manageUrl: "https://slotted.example.com/dashboard/webhooks",
    },
  },
  reminderInvitee: {
    template: "bookingReminder",
    data: { ...booking, formerStart: null, formerEnd: null, note: "Bring the contract." },
  },
  reminderHost: {
    template: "bookingReminder",
    data: { ...booking, role: "host", note: "Bring the contract." },
  },
  followUp: {
    template: "bookingFollowUp",
    data: { ...booking, cancelUrl: null, rescheduleUrl: null, note: "Thanks!" },
  },
} as Record<string, Omit<MailPayload, "language" | "to">>;

const render = (variant: string, language: string, data: object = {}): RenderedMail => {
  const base = variants[variant]!;
  return renderMail({
    ...base,
    data: { ...base.data, ...data },
    to: { email: "someone@example.com" },
    language,
  } as MailPayload);
};

/** What a reader sees: subject, text, the HTML and the calendar file. */
const everything = (mail: RenderedMail) =>
  [
    mail.subject,
    mail.text,
    mail.html,
    mail.ics?.content ?? "",
    ...mail.attachments.map((a) => a.content),
  ].join("\n");

function leaves(catalog: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? leaves(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

const catalogs = readServerCatalogs();
const mailCatalog = (language: string) =>
  new Map(leaves((catalogs[language]?.mail ?? {}) as Record<string, unknown>));
const english = mailCatalog("en");

/**
 * The English texts a mail in another language must not contain: each catalog text's longest
 * piece between placeholders, where that language says something else.
 */
function englishPieces(language: string): string[] {
  const own = mailCatalog(language);
  const pieces: string[] = [];
  for (const [key, value] of english) {
    if (own.get(key) === value) continue;
    const piece = value
      .split(/\{\{[^}]*\}\}/)
      .map((part) => part.trim())
      .sort((a, b) => b.length - a.length)[0]!;
    if (piece.length >= 8) pieces.push(piece);
  }
  return pieces;
}

const CATALOG_KEY =
  /\b(layout|details|location|confirmed|cancelled|rescheduled|emailCode|passwordReset|teamInvitation|hostInvitation|emailVerification|emailChange|emailChangeNotice|emailInUse|paymentRefunded|webhookPaused)\.[a-zA-Z_]+\b/;

describe("mails in every language", () => {
  for (const language of LANGUAGES) {
    it(`${language}: every template renders from the ${language} catalog`, () => {
      const pieces = englishPieces(language);
      for (const variant of Object.keys(variants)) {
        const mail = render(variant, language);
        const all = everything(mail);
        expect(all, `${language} ${variant}`).not.toMatch(CATALOG_KEY);
        expect(all, `${language} ${variant}`).not.toContain("{{");
        for (const piece of pieces) expect(all, `${language} ${variant}`).not.toContain(piece);
        const dir = language === "ar" || language === "fa" ? "rtl" : "ltr";
        const lang = language === "de-du" ? "de" : language;
        expect(mail.html).toContain(`<html lang="${lang}" dir="${dir}">`);
        expect(mail.html).toContain(`<div dir="${dir}"`);
      }
    });
  }

  it("subjects and headings differ between every pair of languages (de and de-du aside)", () => {
    for (const variant of ["confirmedInvitee", "cancelledHost", "rescheduledInvitee"]) {
      const subjects = LANGUAGES.filter((l) => l !== "de-du").map(
        (l) => render(variant, l).subject,
      );
      expect(new Set(subjects).size, variant).toBe(subjects.length);
    }
  });

  it("a paid booking's mails say what was paid and refunded, as money of the mail's language", () => {
    expect(render("confirmedPaid", "en").text).toContain("Paid: €25.00");
    expect(render("confirmedPaid", "de").text.replace(/\u00a0/g, " ")).toContain(
      "Bezahlt: 25,00 €",
    );
    expect(render("cancelledRefunded", "en").text).toContain("Refunded: €25.00");
    expect(render("confirmedInvitee", "en").text).not.toContain("Paid");
    const late = render("paymentRefunded", "en");
    expect(late.subject).toBe("Your payment was refunded");
    expect(late.text).toContain("Your payment of €25.00 for Intro call arrived after");
  });

  it("fr: French subjects, labels, typography and calendar text", () => {
    const mail = render("confirmedInvitee", "fr");
    // Intl puts thin spaces around the dash of a range.
    mail.text = mail.text.replace(/\u2009/g, " ");
    expect(mail.subject).toBe("Confirmé\u00a0: Intro call");
    expect(mail.text).toContain("Votre réservation est confirmée.");
    expect(mail.text).toContain("Quand\u00a0: lundi 4 janvier 2027, 09:00 – 09:30 (Europe/Berlin)");
    expect(mail.text).toContain("Hôtes\u00a0: Ada Host et Bo Host");
    expect(mail.text).toContain(
      "Reprogrammer\u00a0: https://slotted.example.com/reschedule/by-attendee/a1?token=tok",
    );
    expect(mail.text).toContain("Envoyé par Slotted");
    const ics = mail.ics!.content.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("Annuler\u00a0: https://slotted.example.com/cancel/a1/tok");
    expect(render("confirmedHost", "fr").subject).toBe(
      "Nouvelle réservation\u00a0: Intro call avec Grace Invitee",
    );
    expect(render("cancelledInvitee", "fr").subject).toBe("Annulé\u00a0: Intro call");
    expect(render("emailCodeBooking", "fr").subject).toBe("012345 est votre code de vérification");
  });

  it("isolates the host's name in the password-reset greeting of a right-to-left mail", () => {
    expect(render("passwordReset", "ar").text).toContain("\u2068Ada\u2069");
    expect(render("passwordReset", "en").text).not.toContain("\u2068");
  });

  it("de speaks formally, de-du informally throughout", () => {
    expect(render("confirmedInvitee", "de").text).toContain("Ihre Buchung ist bestätigt.");
    expect(render("confirmedInvitee", "de-du").text).toContain("Deine Buchung ist bestätigt.");
    expect(render("confirmedGuest", "de-du").text).toContain("hat dich zu Intro call eingeladen.");
    expect(render("emailCodeAddress", "de-du").subject).toBe("012345 ist dein Bestätigungscode");
    expect(render("passwordReset", "de-du").text).toContain("kannst du ein neues Passwort");
    for (const variant of Object.keys(variants)) {
      const text = render(variant, "de-du").text;
      expect(text, variant).not.toMatch(/\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/);
    }
  });

  it("dates use the Gregorian calendar in every language, with Persian digits in fa", () => {
    const fa = render("rescheduledInvitee", "fa");
    const when = fa.text.split("\n").find((line) => line.startsWith("زمان:"))!;
    expect(when).toMatch(/[۰-۹]/);
    expect(when).toContain("۲۰۲۷");
    expect(when).toContain("ژانویه");
    expect(when.replace("(Europe/Berlin)", "")).not.toMatch(/[0-9]/);
    expect(fa.html).toContain('dir="rtl"');
    expect(fa.html).toContain("۲۰۲۷");

    const ar = render("rescheduledInvitee", "ar");
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.text).toContain("يناير");
    expect(ar.text).toContain(
      new Intl.DateTimeFormat("ar", { year: "numeric", timeZone: "UTC" }).format(
        new Date("2027-06-01T00:00:00Z"),
      ),
    );
    expect(render("confirmedInvitee", "pl").text).toContain("poniedziałek, 4 stycznia 2027");
  });

  it("puts the label gap on the side of the value in right-to-left mails", () => {
    expect(render("confirmedInvitee", "ar").html).toContain("padding:6px 0 6px 12px");
    expect(render("confirmedInvitee", "en").html).toContain("padding:6px 12px 6px 0");
    expect(render("confirmedInvitee", "fa").html).toContain("text-align:start");
    // A phone number keeps its order inside a Persian sentence.
    const host = render("confirmedHost", "fa").text;
    expect(host).toContain("\u2068+49 30 123456\u2069");
    expect(host).toContain("\u2068Grace Invitee <grace@example.com>\u2069");
    expect(render("confirmedHost", "fr").text).not.toContain("\u2068");
  });

  it("isolates host- and invitee-written text in right-to-left mails, in HTML and text", () => {
    const data = {
      title: "30 minute meeting",
      location: { type: "IN_PERSON", value: "Main Street 1" },
      answers: [{ label: "Company?", value: "Acme Inc." }],
      reason: "Clash.",
    };
    const ar = render("confirmedHost", "ar", data);
    const fsi = (value: string) => `\u2068${value}\u2069`;
    for (const value of [
      "30 minute meeting",
      "Main Street 1",
      "Ada Host",
      "Bo Host",
      "guest@example.com",
      "Company?",
      "Acme Inc.",
      "Clash.",
    ]) {
      expect(ar.text).toContain(fsi(value));
    }
    expect(ar.subject).toContain(fsi("30 minute meeting"));
    expect(ar.html).toContain("<bdi>30 minute meeting</bdi>");
    expect(ar.html).toContain("<bdi>Company?</bdi>");
    expect(ar.html).toContain("<bdi>Acme Inc.</bdi>");
    expect(ar.html).toContain("<bdi>Clash.</bdi>");
    expect(ar.html).toContain(fsi("Main Street 1"));
    const team = render("teamInvitationMember", "fa");
    expect(team.text).toContain(fsi("Sales"));
    expect(team.text).toContain(fsi("Ada Host"));
    // A left-to-right mail's text stays free of invisible marks; its HTML still isolates.
    const en = render("confirmedHost", "en", data);
    expect(en.text).not.toContain("\u2068");
    expect(en.html).toContain("<bdi>30 minute meeting</bdi>");
  });

  it("uses each language's plural forms for the minutes", () => {
    const expiry = (language: string, minutes: number) =>
      render("emailCodeBooking", language, { minutes }).text;
    expect(expiry("en", 1)).toContain("expires in 1 minute.");
    expect(expiry("pl", 1)).toContain("za 1 minutę.");
    expect(expiry("pl", 3)).toContain("za 3 minuty.");
    expect(expiry("pl", 5)).toContain("za 5 minut.");
    expect(expiry("ar", 1)).toContain("بعد دقيقة واحدة.");
    expect(expiry("ar", 2)).toContain("بعد دقيقتين.");
    expect(expiry("ar", 10)).toContain("بعد 10 دقائق.");
    expect(expiry("ar", 15)).toContain("بعد 15 دقيقة.");
    expect(expiry("fa", 10)).toContain("پس از ۱۰ دقیقه");
    expect(render("passwordReset", "ru").text).toContain("expires in 60 minutes.");
  });

  it("never reads user text as a placeholder or a nested key", () => {
    const title = "Intro {{name}} $t(layout.footer)";
    const mail = render("confirmedHost", "fr", { title });
    expect(mail.subject).toBe(`Nouvelle réservation\u00a0: ${title} avec Grace Invitee`);
  });

  it("keeps product names as they are", () => {
    for (const language of LANGUAGES) {
      const mail = render("confirmedInvitee", language, {
        location: { type: "GOOGLE_MEET", value: "https://meet.google.com/abc" },
      });
      expect(mail.text).toContain("Google Meet");
    }
  });
});
