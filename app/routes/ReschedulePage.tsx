import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RescheduledResponse } from "../../core/api/reschedule";
import { errorMessage } from "../api/errorMessage";
import { publicApi } from "../api/publicApi";
import { invalidateQueries, usePublicQuery } from "../api/publicQuery";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import { FocusHeading } from "../components/FocusHeading";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { SelectField } from "../components/SelectField";
import { AddToCalendar } from "../features/booking/AddToCalendar";
import { BookingCard } from "../features/booking/BookingCard";
import { type PublicEventType, toPublicEventType } from "../features/booking/bookingApi";
import { manageLinksOf } from "../features/booking/bookingStore";
import { CancelledNotice } from "../features/booking/CancelledNotice";
import { durationLabel } from "../features/booking/durationLabel";
import { EventSummary } from "../features/booking/EventSummary";
import {
  type EventView,
  fetchEventView,
  type ReschedulePageData,
} from "../features/booking/eventView";
import { formatMeetingTime } from "../features/booking/formatters";
import { InviteeChangeNotice, inviteeChangeState } from "../features/booking/InviteeChangeNotice";
import { ManageLinks } from "../features/booking/ManageLinks";
import { MeetingDetails } from "../features/booking/MeetingDetails";
import { ReasonField } from "../features/booking/ReasonField";
import { SlotPicker } from "../features/booking/SlotPicker";
import type { SlotSelection } from "../features/booking/timetable";
import { useSlotTaken } from "../features/booking/useSlotTaken";
import { type TimetableReference, timetableFamily } from "../features/booking/useTimetable";
import { postToParent } from "../features/embed/embedded";
import { useShowProfileOf, useTimeFormat } from "../features/profile/pageProfile";
import { useIntlLocale } from "../i18n/useIntlLocale";
import type { MonthId } from "../lib/calendarMonth";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useLocation, useParams } from "../router/navigation";
import { setTimeZone, useAppState } from "../state/appState";
import type { PublicProfile } from "../state/publicProfile";
import { FailedQueryPage } from "./FailedQueryPage";

/** Who reschedules what (spec §6): an attendee their booking, a host the event, a whole group, or one round-robin host. */
type Mode = "attendee" | "host" | "forAll" | "roundRobin";

const modeByRoute: Record<string, Mode> = {
  rescheduleByAttendee: "attendee",
  legacyReschedule: "attendee",
  rescheduleByHost: "host",
  legacyRescheduleHost: "host",
  rescheduleForAll: "forAll",
  legacyRescheduleGroup: "forAll",
  rescheduleRoundRobinByHost: "roundRobin",
  legacyRescheduleRoundRobin: "roundRobin",
};

interface RescheduleData {
  event: EventView;
  eventType: PublicEventType;
  /** The invitee, when the page's token showed them (attendee links carry it). */
  invitee?: ReschedulePageData["invitee"];
  /** The owner's profile, when the event type was read (not for a host's reschedule). */
  profile?: PublicProfile | null;
}

const segment = encodeURIComponent;

async function loadPage(
  mode: Mode,
  uuid: string,
  host: string,
  token: string | null,
  signal: AbortSignal,
): Promise<RescheduleData> {
  const read = (path: string) => publicApi.get<ReschedulePageData>(path, { signal });
  let data: ReschedulePageData | null = null;
  if (mode === "attendee") {
    const query = token ? `?${new URLSearchParams({ token })}` : "";
    data = await read(`/reschedule/events/${segment(uuid)}${query}`);
  } else if (mode === "forAll") data = await read(`/reschedule/event/${segment(uuid)}/group`);
  else if (mode === "roundRobin") {
    data = await read(`/reschedule/event/${segment(uuid)}/byHost/${segment(host)}`);
  }
  if (data) {
    return {
      event: data.event,
      eventType: toPublicEventType(data.eventType),
      profile: data.eventType.profile,
      invitee: data.invitee,
    };
  }
  const event = await fetchEventView(uuid, signal);
  return { event, eventType: eventTypeOfView(event) };
}

/** What the summary shows of an event whose event type was not read (a host's reschedule). */
function eventTypeOfView(event: EventView): PublicEventType {
  const minutes = Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000);
  const first = event.hosts[0];
  return {
    kind: event.eventType.kind,
    title: event.eventType.title,
    slug: event.eventType.slug,
    description: event.eventType.description,
    duration: minutes,
    durations: [minutes],
    locations: [],
    seats: null,
    questions: [],
    price: null,
    requiresEmailVerification: false,
    bookable: true,
    lockTimeZone: event.eventType.lockTimeZone,
    timeZone: first?.timeZone ?? "UTC",
    owner: { kind: "user", name: first?.name ?? "", slug: first?.username ?? "", avatarUrl: null },
    hosts: event.hosts,
    team: null,
  };
}

function timetableReferenceOf(mode: Mode, uuid: string, host: string): TimetableReference {
  if (mode === "attendee") return { path: "/timetable-by-event", params: { attendeeUuid: uuid } };
  if (mode === "roundRobin") {
    return {
      path: "/timetable-by-host-event",
      params: {
        eventUuid: uuid,
        ...(host.includes("@") ? { host_email: host } : { host_slug: host }),
      },
    };
  }
  return { path: "/timetable-by-event", params: { eventUuid: uuid } };
}

/** The eight reschedule routes: pick a new time, give a reason, see the former and new time. */
export function ReschedulePage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const { uuid = "", hostIdentifier = "" } = useParams();
  const mode = modeByRoute[routeName] ?? "attendee";
  const token = new URLSearchParams(useLocation().search).get("token");
  const key = ["reschedule", mode, uuid, hostIdentifier] as const;
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
  mode: Mode;
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
  const { search } = useLocation();
  const invitee = useAppState((state) => state.timeZone);
  const timeFormat = useTimeFormat();
  // A series: the invitee's link moves any of its upcoming meetings, the one it names first.
  const [occurrence, setOccurrence] = useState<string>();
  const [selection, setSelection] = useState<SlotSelection | null>(null);
  const [step, setStep] = useState<"pick" | "confirm">("pick");
  const [shownMonth, setShownMonth] = useState<MonthId | null>(null);
  const [shownDate, setShownDate] = useState<string | null>(null);
  // Why the times show again: focus returns to them (and says why) only after Back or a clash.
  const [returned, setReturned] = useState<"back" | "slotTaken" | null>(null);
  const [reason, setReason] = useState("");
  const [alert, setAlert] = useState<string>();
  const [pending, setPending] = useState(false);
  const [moved, setMoved] = useState<EventView | null>(null);
  const handleSlotTaken = useSlotTaken(() => {
    setStep("pick");
    setReturned("slotTaken");
  });
  const timeZone = eventType.lockTimeZone ? eventType.timeZone : invitee;
  const upcoming =
    mode === "attendee" && event.series
      ? event.series.occurrences.filter(
          (o) => o.status !== "CANCELLED" && Date.parse(o.start) > Date.now(),
        )
      : [];
  const chosen =
    upcoming.find((o) => o.uuid === occurrence) ??
    upcoming.find((o) => o.uuid === event.uuid) ??
    upcoming[0];
  const otherUuid = chosen && chosen.uuid !== event.uuid ? chosen.uuid : null;
  const reference = useMemo<TimetableReference>(
    () =>
      otherUuid === null
        ? timetableReferenceOf(mode, uuid, host)
        : { path: "/timetable-by-event", params: { eventUuid: otherUuid } },
    [otherUuid, mode, uuid, host],
  );
  const duration = Date.parse(event.end) - Date.parse(event.start);

  // A series goes on while another of its meetings is left to move.
  if ((event.status === "CANCELLED" || booker?.status === "CANCELLED") && otherUuid === null) {
    return (
      <Panel>
        <FocusHeading title={t("reschedule.cancelledTitle")} />
        <CancelledNotice event={event} />
        <MeetingDetails event={event} invitee={booker?.name} cancelled />
      </Panel>
    );
  }

  // The invitee within the event type's settings; a host always can. The notice counts back
  // from the meeting moved, which for a series may be another than the link's.
  const linkUntil = event.inviteeChanges.rescheduleUntil;
  const until =
    linkUntil === null || otherUuid === null || !chosen
      ? linkUntil
      : new Date(
          Date.parse(linkUntil) + Date.parse(chosen.start) - Date.parse(event.start),
        ).toISOString();
  const changeState = mode === "attendee" ? inviteeChangeState(until, Date.now()) : "OPEN";
  // Shown while the notice closes the chosen meeting too: another may still be open.
  const occurrencePicker =
    upcoming.length > 1 && chosen ? (
      <SelectField
        label={t("reschedule.occurrence")}
        options={upcoming.map((o) => ({
          value: o.uuid,
          label: new Intl.DateTimeFormat(locale, {
            dateStyle: "full",
            timeStyle: "short",
            timeZone,
            hour12: timeFormat === 12,
          }).format(new Date(o.start)),
        }))}
        value={chosen.uuid}
        onChange={(change) => {
          setOccurrence(change.target.value);
          setSelection(null);
        }}
      />
    ) : null;
  if (!moved && changeState !== "OPEN") {
    return (
      <Panel>
        <FocusHeading title={t("reschedule.title", { title: event.title })} />
        {occurrencePicker}
        <InviteeChangeNotice
          change="reschedule"
          state={changeState}
          until={until}
          start={chosen?.start ?? event.start}
        />
        <MeetingDetails
          event={chosen ? { ...event, start: chosen.start, end: chosen.end } : event}
          invitee={booker?.name}
        />
      </Panel>
    );
  }

  if (moved) {
    const token = new URLSearchParams(search).get("token");
    // The invitee's own links, as on the first confirmation: same attendee, same secret.
    const attendee = mode === "attendee" && token ? { uuid, token } : null;
    return (
      <Panel>
        <FocusHeading title={t("reschedule.doneTitle")} />
        <MeetingDetails event={moved} invitee={booker?.name} showFormer />
        {moved.status === "CONFIRMED" ? (
          <AddToCalendar links={moved.calendarLinks} attendee={attendee} />
        ) : null}
        {attendee ? <ManageLinks links={manageLinksOf(attendee)} /> : null}
      </Panel>
    );
  }

  async function handleSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (!selection) return;
    setPending(true);
    setAlert(undefined);
    const token = new URLSearchParams(search).get("token");
    const body = {
      ...(mode === "attendee"
        ? {
            attendeeUuid: uuid,
            ...(token ? { token } : {}),
            ...(otherUuid !== null ? { occurrence: otherUuid } : {}),
          }
        : { eventUuid: event.uuid, ...(mode === "forAll" ? { forAll: true } : {}) }),
      start: selection.slot.start,
      timezone: timeZone,
      reason: reason.trim(),
    };
    try {
      const answer = await publicApi.post<RescheduledResponse>("/event/reschedule", body);
      invalidateQueries(timetableFamily);
      postToParent("event_rescheduled", { event: { uuid: answer.event.uuid } });
      setMoved(await fetchEventView(answer.event.uuid));
    } catch (error) {
      if (!handleSlotTaken(error)) setAlert(errorMessage(error, t));
    } finally {
      setPending(false);
    }
  }

  const former = formatMeetingTime(
    chosen?.start ?? event.start,
    chosen?.end ?? event.end,
    timeZone,
    timeFormat,
    locale,
  );
  const formerLine = (
    <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-800">
      <span className="font-semibold">{t("reschedule.formerTime")}:</span> {former.times},{" "}
      {former.date}
    </p>
  );
  const aside = (
    <EventSummary eventType={{ ...eventType, duration: duration / 60_000 }} headingLevel={2}>
      {formerLine}
    </EventSummary>
  );

  if (step === "confirm" && selection) {
    const end = new Date(Date.parse(selection.slot.start) + duration).toISOString();
    const next = formatMeetingTime(selection.slot.start, end, timeZone, timeFormat, locale);
    return (
      <BookingCard aside={aside}>
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <FocusHeading
            title={t("reschedule.confirmTitle")}
            className="text-xl font-bold text-gray-900"
          />
          <dl className="grid gap-2 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-gray-600">{t("reschedule.formerTime")}</dt>
            <dd>
              <del>
                {former.times}, {former.date}
              </del>
            </dd>
            <dt className="font-semibold text-gray-600">{t("reschedule.newTime")}</dt>
            <dd className="font-semibold">
              {next.times}, {next.date}
            </dd>
          </dl>
          <Alert message={alert} />
          <ReasonField label={t("reschedule.reason")} value={reason} onChange={setReason} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={pending}>
              {pending ? t("reschedule.rescheduling") : t("reschedule.submit")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setStep("pick");
                setReturned("back");
              }}
            >
              {t("details.back")}
            </Button>
          </div>
        </form>
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
        <SlotPicker
          reference={reference}
          timeZone={timeZone}
          onTimeZoneChange={setTimeZone}
          timeZoneLocked={eventType.lockTimeZone}
          duration={null}
          showSeats={eventType.kind === "GROUP" && mode === "attendee"}
          month={shownMonth}
          selectedDate={shownDate}
          onMonthChange={(month, how) => {
            setShownMonth(month);
            if (how === "user") setShownDate(null);
          }}
          onSelectDate={(isoDate) => {
            setShownDate(isoDate);
            setShownMonth(null);
          }}
          selectedStart={selection?.slot.start ?? null}
          onSelect={(slot, isoDate) => {
            setSelection({ slot, isoDate });
            setStep("confirm");
            setReturned(null);
          }}
          focusTimes={returned !== null}
          notice={returned === "slotTaken" ? t("booking.slotTaken") : undefined}
        />
      </div>
    </BookingCard>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-8">
      {children}
    </div>
  );
}
