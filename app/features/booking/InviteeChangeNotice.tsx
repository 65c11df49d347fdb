import { useTranslation } from "react-i18next";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import { useAppState } from "../../state/appState";
import { useTimeFormat } from "../profile/pageProfile";
import { formatMeetingTime, formatTime } from "./formatters";

/** Whether the invitee may still change the booking online: never, no longer, or until `until`. */
export type InviteeChangeState = "NOT_ALLOWED" | "TOO_LATE" | "OPEN";

/** The state of an invitee's change allowed until `until` (ISO; null: never), at `now` (epoch ms). */
export function inviteeChangeState(until: string | null, now: number): InviteeChangeState {
  if (until === null) return "NOT_ALLOWED";
  return now > Date.parse(until) ? "TOO_LATE" : "OPEN";
}

interface InviteeChangeNoticeProps {
  change: "cancel" | "reschedule";
  state: InviteeChangeState;
  until: string | null;
  /** The meeting's start: a deadline at the start itself needs no word. */
  start: string;
}

/**
 * Says plainly why the invitee cannot cancel or reschedule online (contact the host), or until
 * when they can when the host asks for notice; nothing when they simply can.
 */
export function InviteeChangeNotice({ change, state, until, start }: InviteeChangeNoticeProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const timeZone = useAppState((s) => s.timeZone);
  const timeFormat = useTimeFormat();
  if (state === "OPEN") {
    if (until === null || Date.parse(until) >= Date.parse(start)) return null;
    const { date } = formatMeetingTime(until, until, timeZone, timeFormat, locale);
    const time = formatTime(until, timeZone, timeFormat, locale);
    return <p className="text-sm text-gray-700">{t(`${change}.until`, { time, date })}</p>;
  }
  return (
    <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-gray-900">
      {t(`${change}.${state === "NOT_ALLOWED" ? "notAllowed" : "tooLate"}`)}
    </p>
  );
}
