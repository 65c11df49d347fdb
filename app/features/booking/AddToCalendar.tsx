import { useTranslation } from "react-i18next";
import type { EventView } from "./eventView";

interface AddToCalendarProps {
  links: EventView["calendarLinks"];
  /** The invitee and their secret: their .ics then names them and holds their manage links. */
  attendee?: { uuid: string; token: string } | null;
}

/** Links that add the meeting to Google Calendar, any iCal app (.ics), Outlook Live and Office 365. */
export function AddToCalendar({ links, attendee }: AddToCalendarProps) {
  const { t } = useTranslation();
  const ics = attendee
    ? `${links.ics}?${new URLSearchParams({ attendee: attendee.uuid, token: attendee.token })}`
    : links.ics;
  const items = [
    { href: links.google, label: t("confirmation.calendarGoogle") },
    { href: ics, label: t("confirmation.calendarIcs"), download: true },
    { href: links.outlook, label: t("confirmation.calendarOutlook") },
    { href: links.office365, label: t("confirmation.calendarOffice365") },
  ];
  return (
    <section aria-labelledby="add-to-calendar" className="flex flex-col gap-2">
      <h2 id="add-to-calendar" className="font-semibold text-gray-900">
        {t("confirmation.addToCalendar")}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.label}>
            <a
              href={item.href}
              target={item.download ? undefined : "_blank"}
              rel="noopener noreferrer"
              download={item.download ? "" : undefined}
              className="inline-flex min-h-11 items-center rounded-lg border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-900 hover:border-brand-600"
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
