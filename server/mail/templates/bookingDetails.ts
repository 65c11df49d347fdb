import { html, type SafeHtml, safeHref } from "../html";
import type { BookingMailData, MailLocation } from "../mailTypes";
import { type Catalog, stringsFor } from "./catalog";
import { formatWhen } from "./formatWhen";

interface DetailStrings {
  what: string;
  when: string;
  formerTime: string;
  where: string;
  joinLink: string;
  hosts: string;
  invitee: string;
  phone: string;
  guests: string;
  answers: string;
  reason: string;
  cancel: string;
  reschedule: string;
  manageIntro: string;
  locationTypes: Record<string, string>;
  hostCalls: (phone: string) => string;
  inviteeCalls: (phone: string) => string;
}

const strings: Catalog<DetailStrings> = {
  en: {
    what: "What",
    when: "When",
    formerTime: "Former time",
    where: "Where",
    joinLink: "Join link",
    hosts: "Host",
    invitee: "Invitee",
    phone: "Phone",
    guests: "Guests",
    answers: "Answers",
    reason: "Reason",
    cancel: "Cancel",
    reschedule: "Reschedule",
    manageIntro: "Need to make a change?",
    locationTypes: {
      IN_PERSON: "In person",
      PHONE_CALL: "Phone call",
      CUSTOM: "Location",
      ONLINE: "Online meeting",
      ZOOM: "Zoom",
      GOOGLE_MEET: "Google Meet",
      MICROSOFT_TEAMS: "Microsoft Teams",
      MICROSOFT_SKYPE: "Skype",
      WEBEX: "Webex",
      WHATSAPP: "WhatsApp",
      WHEREBY: "Whereby",
    },
    hostCalls: (phone) => `The host calls the invitee at ${phone}`,
    inviteeCalls: (phone) => `The invitee calls the host at ${phone}`,
  },
};

/** The location line: its kind, and the address, text or phone arrangement (join links apart). */
export function locationText(location: MailLocation, language: string): string {
  const t = stringsFor(strings, language);
  const kind = t.locationTypes[location.type] ?? location.type;
  if (location.value === null) return kind;
  if (location.type === "PHONE_CALL" || location.type === "WHATSAPP") {
    const line =
      location.direction === "INVITEE_CALLS_HOST"
        ? t.inviteeCalls(location.value)
        : t.hostCalls(location.value);
    return `${kind}: ${line}`;
  }
  if (safeHref(location.value)) return kind;
  return `${kind}: ${location.value}`;
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
}

function rows(data: BookingMailData, language: string, withFormer: boolean): Row[] {
  const t = stringsFor(strings, language);
  const list: Row[] = [
    { label: t.what, text: data.title },
    {
      label: t.when,
      text: formatWhen(data.start, data.end, data.timeZone, data.timeFormat, language),
    },
  ];
  if (
    withFormer &&
    data.formerStart !== null &&
    data.formerEnd !== null &&
    data.formerStart !== data.start
  ) {
    list.push({
      label: t.formerTime,
      text: formatWhen(data.formerStart, data.formerEnd, data.timeZone, data.timeFormat, language),
    });
  }
  if (data.location !== null) {
    list.push({ label: t.where, text: locationText(data.location, language) });
    const join = joinUrl(data.location);
    if (join !== null) list.push({ label: t.joinLink, text: join, href: join });
  }
  if (data.hostNames.length > 0) list.push({ label: t.hosts, text: data.hostNames.join(", ") });
  if (data.role === "host") {
    list.push({ label: t.invitee, text: `${data.invitee.name} <${data.invitee.email}>` });
    if (data.invitee.phone) list.push({ label: t.phone, text: data.invitee.phone });
  } else {
    list.push({ label: t.invitee, text: data.invitee.name });
  }
  if (data.invitee.guests.length > 0) {
    list.push({ label: t.guests, text: data.invitee.guests.join(", ") });
  }
  for (const answer of data.answers) list.push({ label: answer.label, text: answer.value });
  if (data.reason) list.push({ label: t.reason, text: data.reason });
  return list;
}

/** The details block every booking mail shares, as plain text and as escaped HTML. */
export function bookingDetails(
  data: BookingMailData,
  language: string,
  options: { withFormer?: boolean; withLinks?: boolean } = {},
): { text: string; html: SafeHtml } {
  const t = stringsFor(strings, language);
  const list = rows(data, language, options.withFormer ?? false);
  const links =
    (options.withLinks ?? true) && data.cancelUrl && data.rescheduleUrl
      ? { cancel: data.cancelUrl, reschedule: data.rescheduleUrl }
      : null;
  const text = [
    ...list.map((row) => `${row.label}: ${row.text}`),
    ...(links
      ? ["", t.manageIntro, `${t.reschedule}: ${links.reschedule}`, `${t.cancel}: ${links.cancel}`]
      : []),
  ].join("\n");
  const cell = "padding:6px 12px 6px 0;vertical-align:top";
  const body = html`<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px">
${list.map(
  (row) =>
    html`<tr><th scope="row" style="${cell};text-align:start;color:#667085;font-weight:normal;white-space:nowrap">${row.label}</th><td style="${cell}">${
      row.href ? html`<a href="${row.href}" style="color:#155EEF">${row.text}</a>` : row.text
    }</td></tr>`,
)}
</table>
${
  links
    ? html`<p style="margin-top:24px;font-size:14px">${t.manageIntro}
<a href="${links.reschedule}" style="color:#155EEF">${t.reschedule}</a> ·
<a href="${links.cancel}" style="color:#155EEF">${t.cancel}</a></p>`
    : null
}`;
  return { text, html: body };
}
