import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type BookingSource, bookingSourceOf, publicIdOf } from "../../core/routing/bookingSource";
import {
  type BookingUrlState,
  readBookingUrl,
  withBookingUrl,
} from "../../core/routing/bookingUrlState";
import { type MonthId, monthOf, monthToShow } from "../../core/time/calendarMonth";
import { usePublicQuery } from "../api/publicQuery";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { UserText } from "../components/UserText";
import { sendPageAnalytics } from "../features/analytics/pageAnalytics";
import { BookingCard } from "../features/booking/BookingCard";
import {
  eventTypeQuery,
  type PublicEventType,
  timetableReference,
} from "../features/booking/bookingApi";
import { DurationChoice } from "../features/booking/DurationChoice";
import type { DetailsValues } from "../features/booking/detailsForm";
import { EventSummary } from "../features/booking/EventSummary";
import { isoDateInZone } from "../features/booking/formatters";
import { HeldPaymentNotice } from "../features/booking/payment/HeldPaymentNotice";
import { heldPaymentAt } from "../features/booking/payment/heldPayments";
import { SlotPicker } from "../features/booking/SlotPicker";
import { SummarySkeleton } from "../features/booking/SummarySkeleton";
import { dayKey, type SlotSelection, type SlotTime } from "../features/booking/timetable";
import { useTimetable } from "../features/booking/useTimetable";
import { postToParent } from "../features/embed/embedded";
import { useShowProfileOf } from "../features/profile/pageProfile";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { navigate, useLocation, useParams } from "../router/navigation";
import { setTimeZone, useAppState } from "../state/appState";
import { FailedQueryPage } from "./FailedQueryPage";
import { NotFoundPage } from "./NotFoundPage";

const DetailsStep = lazy(() =>
  import("../features/booking/DetailsStep").then((m) => ({ default: m.DetailsStep })),
);

/** The public booking page of an event type, by any of its links (spec §2). */
export function BookingPage() {
  const params = useParams();
  const source = bookingSourceOf(params);
  if (!source) return <NotFoundPage />;
  return <BookingScreen source={source} />;
}

function BookingScreen({ source }: { source: BookingSource }) {
  const { t } = useTranslation();
  const query = usePublicQuery(eventTypeQuery(source));
  const eventType = query.data?.eventType;

  useDocumentTitle(
    query.status === "error"
      ? null
      : eventType
        ? t("booking.documentTitle", { title: eventType.title })
        : t("common.appName"),
  );
  useShowProfileOf(eventTypeQuery(source).key, query.data !== undefined);
  useEffect(() => {
    if (!eventType) return;
    postToParent("event_type_viewed");
    sendPageAnalytics({ publicId: publicIdOf(source, eventType), action: "event_type_viewed" });
  }, [eventType, source]);

  if (query.status === "error") {
    return <FailedQueryPage error={query.error} />;
  }
  return <BookingFlow source={source} eventType={eventType} />;
}

interface BookingFlowProps {
  source: BookingSource;
  /** Undefined while it loads: the calendar already shows and fetches. */
  eventType: PublicEventType | undefined;
}

/**
 * Pick a date, a time, then the details. Where the invitee is lives in the address
 * (bookingUrlState.ts): a date and a time are history entries of their own, so Back and
 * Forward step through them, a reload keeps the place, and a link opens a month or a date.
 */
function BookingFlow({ source, eventType }: BookingFlowProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const invitee = useAppState((state) => state.timeZone);
  const serverDate = useAppState((state) => state.serverDate);
  const calendarType = useAppState((state) => state.calendarType);
  const url = readBookingUrl(search);
  // The time the invitee picked (or the address named and the timetable confirmed): kept,
  // so a refetch while they type never takes the form away; a clash at booking says so.
  const [picked, setPicked] = useState<SlotSelection | null>(null);
  // Why the times show again: focus returns to them (and says why) only after Back or a clash.
  const [returned, setReturned] = useState<"back" | "slotTaken" | null>(null);
  // What the server said when the time was refused ("fully booked" for a full group time).
  const [takenNotice, setTakenNotice] = useState<string | null>(null);
  const [reference] = useState(() => timetableReference(source));
  // What the invitee typed survives going back to change the time.
  const draft = useRef<DetailsValues | null>(null);
  const handleDraftChange = useCallback((values: DetailsValues) => {
    draft.current = values;
  }, []);
  // Whether this page pushed the details entry: then its Back is the browser's Back.
  const pushedDetails = useRef(false);
  const hideDetails = new URLSearchParams(search).has("hide_details");
  const locked = eventType?.lockTimeZone === true;
  const timeZone = locked && eventType ? eventType.timeZone : invitee;
  // A duration the event type does not offer is ignored (while it loads, the link is believed).
  const duration =
    url.duration !== null && (!eventType || eventType.durations.includes(url.duration))
      ? url.duration
      : null;
  const chosenDuration = duration ?? eventType?.duration ?? null;
  const month = monthToShow(url.month, url.date, isoDateInZone(serverDate, timeZone), calendarType);

  // A time named by the address (a reload, Forward, a link) is taken only once the timetable has it.
  const named = url.slot !== null && url.date !== null ? url.slot : null;
  const namedIsPicked = named !== null && picked !== null && sameInstant(picked.slot.start, named);
  const lookup = useTimetable(
    named && !namedIsPicked ? reference : null,
    month,
    timeZone,
    duration,
  );
  const found =
    named && url.date && !namedIsPicked
      ? lookup.timetable?.days[dayKey(url.date)]?.times.find((slot) =>
          sameInstant(slot.start, named),
        )
      : undefined;
  const selection: SlotSelection | null = namedIsPicked
    ? picked
    : found && url.date
      ? { slot: found, isoDate: url.date }
      : null;
  const missing = named !== null && !namedIsPicked && !found && lookup.status === "success";
  const step = selection && eventType ? "details" : "pick";
  // This browser's own booking of this page awaiting payment (a reload or a closed tab during
  // the payment): its time is held, so the page leads back to paying for it.
  const held = eventType?.payment ? heldPaymentAt(pathname, serverDate) : null;
  const heldIsNamed = held !== null && named !== null && sameInstant(held.start, named);
  const heldPath = held?.pendingPath ?? null;

  const go = useCallback(
    (next: Partial<BookingUrlState>, replace: boolean) =>
      navigate(`${pathname}${withBookingUrl(window.location.search, next)}`, { replace }),
    [pathname],
  );

  useEffect(() => {
    if (found && url.date) setPicked({ slot: found, isoDate: url.date });
  }, [found, url.date]);
  // The named time is not bookable (taken, past, or never offered): its day's times instead.
  // The invitee's own held time is not "taken": its page resumes the payment.
  useEffect(() => {
    if (!missing) return;
    if (heldIsNamed && heldPath) {
      navigate(heldPath, { replace: true });
      return;
    }
    setReturned("slotTaken");
    setTakenNotice(null);
    go({ slot: null }, true);
  }, [missing, go, heldIsNamed, heldPath]);

  // Back from the details, by the page's button or the browser's: focus goes to the times.
  const stepBefore = useRef(step);
  const cameBack = stepBefore.current === "details" && step === "pick";
  useEffect(() => {
    stepBefore.current = step;
  });

  function handleSelect(slot: SlotTime, isoDate: string) {
    setPicked({ slot, isoDate });
    setReturned(null);
    pushedDetails.current = true;
    go({ month: monthOf(isoDate, calendarType), date: isoDate, slot: slot.start }, false);
    postToParent("date_and_time_selected");
    sendPageAnalytics({
      publicId: publicIdOf(source, eventType),
      action: "date_and_time_selected",
    });
  }

  function handleSelectDate(isoDate: string) {
    if (isoDate === url.date && url.slot === null) return;
    go({ month: monthOf(isoDate, calendarType), date: isoDate, slot: null }, false);
  }

  const handleMonthChange = useCallback(
    (next: MonthId, how: "user" | "auto") =>
      go(how === "user" ? { month: next, date: null, slot: null } : { month: next }, true),
    [go],
  );

  function handleBack() {
    setReturned("back");
    if (pushedDetails.current) {
      pushedDetails.current = false;
      window.history.back();
    } else {
      go({ slot: null }, true);
    }
  }

  function handleSlotTaken(notice: string) {
    const ownHeld = heldPaymentAt(pathname, serverDate);
    if (ownHeld && picked && sameInstant(ownHeld.start, picked.slot.start)) {
      navigate(ownHeld.pendingPath);
      return;
    }
    setPicked(null);
    setReturned("slotTaken");
    setTakenNotice(notice);
    pushedDetails.current = false;
    go({ slot: null }, true);
  }

  const durationChoice =
    eventType && eventType.durations.length > 1 && step === "pick" ? (
      <DurationChoice
        durations={eventType.durations}
        value={chosenDuration ?? eventType.duration}
        onChange={(minutes) =>
          go(
            {
              duration: minutes === eventType.duration ? null : minutes,
              date: null,
              slot: null,
            },
            true,
          )
        }
      />
    ) : null;
  const aside = hideDetails ? (
    durationChoice
  ) : eventType ? (
    <EventSummary eventType={eventType}>{durationChoice}</EventSummary>
  ) : (
    <SummarySkeleton />
  );

  return (
    <BookingCard aside={aside}>
      {/* Without the details the page still needs its h1, for those who navigate by it. */}
      {hideDetails && eventType ? (
        <UserText as="h1" className="sr-only">
          {eventType.title}
        </UserText>
      ) : null}
      {step === "details" && selection && eventType ? (
        <Suspense fallback={<LoadingIndicator label={t("common.loading")} />}>
          <DetailsStep
            source={source}
            eventType={eventType}
            selection={selection}
            duration={chosenDuration ?? eventType.duration}
            timeZone={timeZone}
            onBack={handleBack}
            onSlotTaken={handleSlotTaken}
            draft={draft.current}
            onDraftChange={handleDraftChange}
          />
        </Suspense>
      ) : named && !missing ? (
        <LoadingIndicator label={t("common.loading")} />
      ) : (
        <>
          {held ? <HeldPaymentNotice held={held} timeZone={timeZone} /> : null}
          <SlotPicker
            reference={reference}
            timeZone={timeZone}
            onTimeZoneChange={setTimeZone}
            timeZoneLocked={locked}
            duration={duration}
            showSeats={eventType?.kind === "GROUP"}
            month={url.month}
            selectedDate={url.date}
            onMonthChange={handleMonthChange}
            onSelectDate={handleSelectDate}
            selectedStart={returned === "slotTaken" ? null : (picked?.slot.start ?? null)}
            onSelect={handleSelect}
            focusTimes={returned !== null || cameBack}
            notice={returned === "slotTaken" ? (takenNotice ?? t("booking.slotTaken")) : undefined}
          />
        </>
      )}
    </BookingCard>
  );
}

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);
