import { dateTimeFormat } from "../../../core/i18n/dateFormat";
import { formatWhen, mailDateLocale } from "../../../core/i18n/formatWhen";
import { intlLocale } from "../../../core/i18n/intlLocale";
import { languageDirection } from "../../../core/i18n/languageDirection";
import { type Translate, translator } from "../../i18n/serverI18n";
import { html, isolated, type SafeHtml, safeHref, userHtml } from "../html";
import type { BookingMailData, MailLocation } from "../mailTypes";
import { formatMoney } from "./formatMoney";

/** Locations named after a product: the same in every language. */
const PRODUCT_NAMES: Record<string, string> = {
  ZOOM: "Zoom",
  GOOGLE_MEET: "Google Meet",
  MICROSOFT_TEAMS: "Microsoft Teams",
  MICROSOFT_SKYPE: "Skype",
  WEBEX: "Webex",
  WHATSAPP: "WhatsApp",
  WHEREBY: "Whereby",
  JITSI: "Jitsi Meet",
  MICROSOFT_TEAMS_MEETING: "Microsoft Teams",
  GOOGLE_MEET_CONNECTED: "Google Meet",
  ZOOM_CONNECTED: "Zoom",
};

/** The location kinds the catalog names (`location.<type>`). */
const TRANSLATED_KINDS = new Set(["IN_PERSON", "PHONE_CALL", "CUSTOM", "ONLINE"]);

/** "Label: value" as the language writes it (French puts a space before the colon). */
export function detailLine(t: Translate, label: string, value: string): string {
  return t("details.row", { label, value });
}

function locationKind(type: string, t: Translate): string {
  if (TRANSLATED_KINDS.has(type)) return t(`location.${type}`);
  return PRODUCT_NAMES[type] ?? type;
}

/** The location line: its kind, and the address, text or phone arrangement (join links apart). */
export function locationText(location: MailLocation, language: string): string {
  const t = translator(language, "mail");
  const kind = locationKind(location.type, t);
  if (location.value === null) return kind;
  if (location.type === "PHONE_CALL" || location.type === "WHATSAPP") {
    const phone = { phone: isolated(location.value, language) };
    const line =
      location.direction === "INVITEE_CALLS_HOST"
        ? t("details.inviteeCalls", phone)
        : t("details.hostCalls", phone);
    return detailLine(t, kind, line);
  }
  if (safeHref(location.value)) return kind;
  return detailLine(t, kind, isolated(location.value, language));
}

/** The meeting's join URL, when the location is an online one. */
export function joinUrl(location: MailLocation | null): string | null {
  if (location === null || location.type === "PHONE_CALL" || location.type === "WHATSAPP") {
    return null;
  }
  return safeHref(location.value);
}

interface Row {
  label: string;
  text: string;
  href?: string | null;
  /** The value (and with `userLabel` the label) was written by a host or an invitee. */
  user?: boolean;
  userLabel?: boolean;
}

const conjunctions = new Map<string, Intl.ListFormat>();

/** "A, B and C" in `language`; made once per language (making one costs more than using it). */
function conjunction(language: string): Intl.ListFormat {
  let format = conjunctions.get(language);
  if (!format) {
    format = new Intl.ListFormat(intlLocale(language), { type: "conjunction" });
    conjunctions.set(language, format);
  }
  return format;
}

function rows(
  data: BookingMailData,
  language: string,
  withFormer: boolean,
  withJoin: boolean,
): Row[] {
  const t = translator(language, "mail");
  const list = (items: string[]) => conjunction(language).format(items);
  const result: Row[] = [
    { label: t("details.what"), text: data.title, user: true },
    {
      label: t("details.when"),
      text: formatWhen(data.start, data.end, data.timeZone, data.timeFormat, language),
    },
  ];
  if (
    withFormer &&
    data.formerStart !== null &&
    data.formerEnd !== null &&
    data.formerStart !== data.start
  ) {
    result.push({
      label: t("details.formerTime"),
      text: formatWhen(data.formerStart, data.formerEnd, data.timeZone, data.timeFormat, language),
    });
  }
  if (data.series !== undefined) {
    const { series } = data;
    const short = dateTimeFormat(mailDateLocale(language), {
      timeZone: data.timeZone,
      weekday: "short",
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: data.timeFormat === 12,
    });
    result.push({
      label: t("details.repeats"),
      text: t("details.everyWeeks", { count: series.everyWeeks }),
    });
    result.push({
      label: t("details.seriesDates"),
      text:
        series.remaining.length === 0
          ? t("details.seriesNone")
          : list(series.remaining.map((o) => short.format(new Date(o.start)))),
    });
  }
  if (data.location !== null) {
    result.push({ label: t("details.where"), text: locationText(data.location, language) });
    const join = withJoin ? joinUrl(data.location) : null;
    if (join !== null) result.push({ label: t("details.joinLink"), text: join, href: join });
  }
  if (data.hostNames.length > 0) {
    result.push({
      label: t(data.hostNames.length === 1 ? "details.host" : "details.hosts"),
      text: list(data.hostNames.map((name) => isolated(name, language))),
    });
  }
  if (data.role === "host") {
    result.push({
      label: t("details.invitee"),
      text: isolated(`${data.invitee.name} <${data.invitee.email}>`, language),
    });
    if (data.invitee.phone) {
      result.push({ label: t("details.phone"), text: isolated(data.invitee.phone, language) });
    }
  } else {
    result.push({ label: t("details.invitee"), text: data.invitee.name, user: true });
  }
  if (data.invitee.guests.length > 0) {
    result.push({
      label: t("details.guests"),
      text: list(data.invitee.guests.map((guest) => isolated(guest, language))),
    });
  }
  for (const answer of data.answers) {
    result.push({ label: answer.label, text: answer.value, user: true, userLabel: true });
  }
  if (data.payment) {
    const { amount, currency, refunded } = data.payment;
    result.push({ label: t("details.paid"), text: formatMoney(amount, currency, language) });
    if (refunded !== undefined) {
      result.push({
        label: t("details.refunded"),
        text: formatMoney(refunded, currency, language),
      });
    }
  }
  if (data.reason) result.push({ label: t("details.reason"), text: data.reason, user: true });
  return result;
}

/** The details block every booking mail shares, as plain text and as escaped HTML. */
export function bookingDetails(
  data: BookingMailData,
  language: string,
  options: { withFormer?: boolean; withLinks?: boolean; withJoin?: boolean } = {},
): { text: string; html: SafeHtml } {
  const t = translator(language, "mail");
  const list = rows(data, language, options.withFormer ?? false, options.withJoin ?? true);
  const links =
    // Mails of a series written before occurrences could move carry no reschedule link.
    (options.withLinks ?? true) && data.cancelUrl && (data.rescheduleUrl || data.series)
      ? { cancel: data.cancelUrl, reschedule: data.rescheduleUrl }
      : null;
  const manage = links ? manageLinks(data, language, t, links) : [];
  const text = [
    ...list.map((row) =>
      detailLine(
        t,
        row.userLabel ? isolated(row.label, language) : row.label,
        row.user ? isolated(row.text, language) : row.text,
      ),
    ),
    ...(links
      ? [
          "",
          t("details.manageIntro"),
          ...manage.map((link) =>
            link.closed ? link.closed : detailLine(t, link.label, link.href),
          ),
        ]
      : []),
  ].join("\n");
  // The gap sits between label and value: on the right of the label, or on its left in RTL.
  const gap = languageDirection(language) === "rtl" ? "6px 0 6px 12px" : "6px 12px 6px 0";
  const cell = `padding:${gap};vertical-align:top;text-align:start`;
  const body = html`<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px">
${list.map(
  (row) =>
    html`<tr><th scope="row" style="${cell};color:#667085;font-weight:normal;white-space:nowrap">${
      row.userLabel ? userHtml(row.label) : row.label
    }</th><td style="${cell}">${
      row.href
        ? html`<a href="${row.href}" style="color:#155EEF">${row.text}</a>`
        : row.user
          ? userHtml(row.text)
          : row.text
    }</td></tr>`,
)}
</table>
${
  links
    ? html`<p style="margin-top:24px;font-size:14px">${t("details.manageIntro")}
${manage.map(
  (link, index) =>
    html`${index > 0 ? html`<br>` : null}${
      link.closed
        ? link.closed
        : html`<a href="${link.href}" style="color:#155EEF">${link.label}</a>`
    }`,
)}</p>`
    : null
}`;
  return { text, html: body };
}

/**
 * The invitee's reschedule and cancel links, each said closed when the event type does not let
 * invitees do it online, or labelled with its deadline when the host asks for notice.
 */
function manageLinks(
  data: BookingMailData,
  language: string,
  t: Translate,
  links: { cancel: string; reschedule: string | null },
): { label: string; href: string; closed: string | null }[] {
  const changes = data.inviteeChanges;
  const link = (label: string, href: string, until: string | null | undefined, closed: string) => {
    if (changes !== undefined && until === null) return { label, href, closed };
    const deadline = until !== undefined && until !== null && until < data.start ? until : null;
    const when =
      deadline === null
        ? null
        : `${dateTimeFormat(mailDateLocale(language), {
            timeZone: data.timeZone,
            weekday: "long",
            month: "long",
            day: "numeric",
            hour: "numeric",
            minute: "2-digit",
            hour12: data.timeFormat === 12,
          }).format(new Date(deadline))} (${data.timeZone})`;
    return {
      label: when === null ? label : `${label} (${t("details.onlineUntil", { when })})`,
      href,
      closed: null,
    };
  };
  return [
    ...(links.reschedule === null
      ? []
      : [
          link(
            t("details.reschedule"),
            links.reschedule,
            changes?.rescheduleUntil,
            t("details.rescheduleClosed"),
          ),
        ]),
    link(t("details.cancel"), links.cancel, changes?.cancelUntil, t("details.cancelClosed")),
  ];
}
