import { useTranslation } from "react-i18next";
import { UserText } from "../../components/UserText";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import { useAppState } from "../../state/appState";
import { useTimeFormat } from "../profile/pageProfile";
import type { EventView } from "./eventView";
import { formatMeetingTime } from "./formatters";
import { bookedLocationText, locationName } from "./locationText";
import { timeZoneLabel } from "./timeZoneLabel";

interface MeetingDetailsProps {
  event: EventView;
  /** The invitee's name, when known. */
  invitee?: string | null;
  /** Show the former time struck through above the new one. */
  showFormer?: boolean;
  /** The invitee's booking is cancelled (their seat, or the whole event). */
  cancelled?: boolean;
}

const isUrl = (text: string) => /^https?:\/\//i.test(text);

/** What, when (in the invitee's zone), where and who of a booked event. */
export function MeetingDetails({
  event,
  invitee,
  showFormer = false,
  cancelled = event.status === "CANCELLED",
}: MeetingDetailsProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const timeZone = useAppState((state) => state.timeZone);
  const timeFormat = useTimeFormat();
  const now = useAppState((state) => state.serverDate);
  const when = formatMeetingTime(event.start, event.end, timeZone, timeFormat, locale);
  const former =
    showFormer && event.formerTime
      ? formatMeetingTime(
          event.formerTime.start,
          event.formerTime.end,
          timeZone,
          timeFormat,
          locale,
        )
      : null;
  // A cancelled meeting's join link would only lead into a room nobody will be in.
  const joinLink =
    event.location?.value && isUrl(event.location.value) ? event.location.value : null;
  const where =
    cancelled && joinLink && event.location
      ? locationName(event.location.type, t)
      : bookedLocationText(event.location, t);
  const who = [...event.hosts.map((host) => host.name), ...(invitee ? [invitee] : [])];

  return (
    // minmax(0, …): a long address wraps (break-words) instead of widening the page.
    <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-3 text-gray-900 sm:grid-cols-[auto_minmax(0,1fr)]">
      <dt className="font-semibold text-gray-600">{t("confirmation.what")}</dt>
      <dd className="break-words">
        <UserText>{event.title}</UserText>
      </dd>
      <dt className="font-semibold text-gray-600">{t("confirmation.when")}</dt>
      <dd>
        {former ? (
          <p>
            <span className="sr-only">{t("reschedule.formerTime")}: </span>
            <del className="text-gray-600">
              {former.times}, {former.date}
            </del>
          </p>
        ) : null}
        <p>
          {former ? <span className="sr-only">{t("reschedule.newTime")}: </span> : null}
          <span className="font-semibold">{when.times}</span>, {when.date}
        </p>
        <p className="text-sm text-gray-600">{timeZoneLabel(timeZone, now, locale)}</p>
      </dd>
      {where ? (
        <>
          <dt className="font-semibold text-gray-600">{t("confirmation.where")}</dt>
          <dd className="break-words">
            {joinLink && !cancelled ? (
              <a
                href={joinLink}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 underline"
              >
                {where}
              </a>
            ) : (
              where
            )}
          </dd>
        </>
      ) : null}
      <dt className="font-semibold text-gray-600">{t("confirmation.who")}</dt>
      <dd>
        <ul>
          {who.map((name) => (
            <li key={name}>
              <UserText>{name}</UserText>
            </li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}
