import { useTranslation } from "react-i18next";
import { durationLabel } from "../../core/i18n/durationLabel";
import { publicApi } from "../api/publicApi";
import { usePublicQuery } from "../api/publicQuery";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { BookingCard } from "../features/booking/BookingCard";
import type { PublicEventType } from "../features/booking/bookingApi";
import { EventSummary } from "../features/booking/EventSummary";
import {
  type EventView,
  fetchEventView,
  type ReschedulePageData,
} from "../features/booking/eventView";
import { formatMeetingTime } from "../features/booking/formatters";
import { InviteeChangeNotice, inviteeChangeState } from "../features/booking/InviteeChangeNotice";
import { SlotPicker } from "../features/booking/SlotPicker";
import { useShowProfileOf, useTimeFormat } from "../features/profile/pageProfile";
import { ConfirmNewTime } from "../features/reschedule/ConfirmNewTime";
import { OccurrencePicker } from "../features/reschedule/OccurrencePicker";
import { CancelledPanel, ClosedPanel, MovedPanel } from "../features/reschedule/ReschedulePanels";
import {
  eventTypeOfView,
  modeOfRoute,
  type RescheduleData,
  type RescheduleMode,
  rescheduleDataOf,
  reschedulePagePath,
  rescheduleQueryKey,
} from "../features/reschedule/rescheduleFlow";
import { useRescheduleFlow } from "../features/reschedule/useRescheduleFlow";
import { useIntlLocale } from "../i18n/useIntlLocale";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useLocation, useParams } from "../router/navigation";
import { setTimeZone } from "../state/appState";
import { FailedQueryPage } from "./FailedQueryPage";

async function loadPage(
  mode: RescheduleMode,
  uuid: string,
  host: string,
  token: string | null,
  signal: AbortSignal,
): Promise<RescheduleData> {
  const path = reschedulePagePath(mode, uuid, host, token);
  if (path !== null) {
    return rescheduleDataOf(await publicApi.get<ReschedulePageData>(path, { signal }));
  }
  const event = await fetchEventView(uuid, signal);
  return { event, eventType: eventTypeOfView(event) };
}

/**
 * The eight reschedule routes: pick a new time, give a reason, see the former and new time.
 * The step lives in the address as on the booking page (useRescheduleFlow.ts).
 */
export function ReschedulePage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const { uuid = "", hostIdentifier = "" } = useParams();
  const mode = modeOfRoute(routeName);
  const token = new URLSearchParams(useLocation().search).get("token");
  const key = rescheduleQueryKey(mode, uuid, hostIdentifier);
  const query = usePublicQuery<RescheduleData>({
    key,
    fn: (signal) => loadPage(mode, uuid, hostIdentifier, token, signal),
  });
  useShowProfileOf(key, query.data?.profile !== undefined);
  useDocumentTitle(
    query.status === "error"
      ? null
      : t(
          query.data?.event.status === "CANCELLED"
            ? "confirmation.cancelledDocumentTitle"
            : "reschedule.documentTitle",
        ),
  );

  if (query.status === "pending") return <LoadingIndicator label={t("common.loading")} />;
  if (query.status === "error" || !query.data) {
    return <FailedQueryPage error={query.error} />;
  }
  return (
    <RescheduleFlow
      mode={mode}
      uuid={uuid}
      host={hostIdentifier}
      event={query.data.event}
      eventType={query.data.eventType}
      booker={query.data.invitee}
    />
  );
}

interface RescheduleFlowProps {
  mode: RescheduleMode;
  uuid: string;
  host: string;
  event: EventView;
  eventType: PublicEventType;
  /** The invitee rescheduling, when their link's token showed them. */
  booker: RescheduleData["invitee"];
}

function RescheduleFlow({ mode, uuid, host, event, eventType, booker }: RescheduleFlowProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const timeFormat = useTimeFormat();
  const flow = useRescheduleFlow({ mode, uuid, host, event, eventType });
  const { state, timeZone } = flow;
  const { upcoming, chosen, otherUuid, until } = flow.meeting;
  const duration = Date.parse(event.end) - Date.parse(event.start);

  // A series goes on while another of its meetings is left to move.
  if ((event.status === "CANCELLED" || booker?.status === "CANCELLED") && otherUuid === null) {
    return <CancelledPanel event={event} invitee={booker?.name} />;
  }
  // The invitee within the event type's settings; a host always can.
  const changeState = mode === "attendee" ? inviteeChangeState(until, Date.now()) : "OPEN";
  // Shown while the notice closes the chosen meeting too: another may still be open.
  const occurrencePicker =
    upcoming.length > 1 && chosen ? (
      <OccurrencePicker
        upcoming={upcoming}
        value={chosen.uuid}
        timeZone={timeZone}
        timeFormat={timeFormat}
        onChange={flow.pickOccurrence}
      />
    ) : null;
  if (state.moved) {
    // The invitee's own links, as on the first confirmation: same attendee, same secret.
    const attendee = mode === "attendee" && flow.token ? { uuid, token: flow.token } : null;
    return <MovedPanel moved={state.moved} invitee={booker?.name} attendee={attendee} />;
  }
  if (changeState !== "OPEN") {
    return (
      <ClosedPanel
        event={event}
        invitee={booker?.name}
        state={changeState}
        until={until}
        meeting={chosen}
        occurrencePicker={occurrencePicker}
      />
    );
  }

  const former = formatMeetingTime(
    chosen?.start ?? event.start,
    chosen?.end ?? event.end,
    timeZone,
    timeFormat,
    locale,
  );
  const aside = (
    <EventSummary eventType={{ ...eventType, duration: duration / 60_000 }} headingLevel={2}>
      <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-800">
        <span className="font-semibold">{t("reschedule.formerTime")}:</span> {former.times},{" "}
        {former.date}
      </p>
    </EventSummary>
  );

  if (flow.step === "confirm" && flow.selection) {
    const start = flow.selection.slot.start;
    const end = new Date(Date.parse(start) + duration).toISOString();
    return (
      <BookingCard aside={aside}>
        <ConfirmNewTime
          former={former}
          next={formatMeetingTime(start, end, timeZone, timeFormat, locale)}
          alert={state.alert}
          reason={state.reason}
          pending={state.pending}
          onReasonChange={flow.setReason}
          onSubmit={flow.submit}
          onBack={flow.back}
        />
      </BookingCard>
    );
  }

  return (
    <BookingCard aside={aside}>
      <div className="flex flex-col gap-4">
        <h1 className="sr-only">{t("reschedule.title", { title: event.title })}</h1>
        <p className="text-sm text-gray-700">
          {t("reschedule.intro", { duration: durationLabel(duration / 60_000, t, locale) })}
        </p>
        {occurrencePicker}
        {mode === "attendee" ? (
          <InviteeChangeNotice
            change="reschedule"
            state="OPEN"
            until={until}
            start={chosen?.start ?? event.start}
          />
        ) : null}
        {flow.lookingUp ? (
          <LoadingIndicator label={t("common.loading")} />
        ) : (
          <SlotPicker
            reference={flow.reference}
            timeZone={timeZone}
            onTimeZoneChange={setTimeZone}
            timeZoneLocked={eventType.lockTimeZone}
            duration={null}
            showSeats={eventType.kind === "GROUP" && mode === "attendee"}
            month={flow.url.month}
            selectedDate={flow.url.date}
            onMonthChange={flow.changeMonth}
            onSelectDate={flow.selectDate}
            selectedStart={
              state.returned === "slotTaken" ? null : (state.picked?.slot.start ?? null)
            }
            onSelect={flow.selectTime}
            focusTimes={flow.focusTimes}
            notice={state.returned === "slotTaken" ? t("booking.slotTaken") : undefined}
          />
        )}
      </div>
    </BookingCard>
  );
}
