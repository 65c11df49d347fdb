import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
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
import { type BookingSource, bookingSourceOf, publicIdOf } from "../features/booking/bookingSource";
import { DurationChoice } from "../features/booking/DurationChoice";
import { EventSummary } from "../features/booking/EventSummary";
import { SlotPicker } from "../features/booking/SlotPicker";
import { SummarySkeleton } from "../features/booking/SummarySkeleton";
import type { SlotSelection, SlotTime } from "../features/booking/timetable";
import { postToParent } from "../features/embed/embedded";
import { useShowProfileOf } from "../features/profile/pageProfile";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useLocation, useParams } from "../router/navigation";
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

function BookingFlow({ source, eventType }: BookingFlowProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const invitee = useAppState((state) => state.timeZone);
  const [duration, setDuration] = useState<number | null>(null);
  const [selection, setSelection] = useState<SlotSelection | null>(null);
  const [step, setStep] = useState<"pick" | "details">("pick");
  // Why the times show again: focus returns to them (and says why) only after Back or a clash.
  const [returned, setReturned] = useState<"back" | "slotTaken" | null>(null);
  const [reference] = useState(() => timetableReference(source));
  const hideDetails = new URLSearchParams(search).has("hide_details");
  const locked = eventType?.lockTimeZone === true;
  const timeZone = locked && eventType ? eventType.timeZone : invitee;
  const chosenDuration = duration ?? eventType?.duration ?? null;

  function handleSelect(slot: SlotTime, isoDate: string) {
    setSelection({ slot, isoDate });
    setStep("details");
    setReturned(null);
    postToParent("date_and_time_selected");
    sendPageAnalytics({
      publicId: publicIdOf(source, eventType),
      action: "date_and_time_selected",
    });
  }

  const durationChoice =
    eventType && eventType.durations.length > 1 && step === "pick" ? (
      <DurationChoice
        durations={eventType.durations}
        value={chosenDuration ?? eventType.duration}
        onChange={(minutes) => {
          setDuration(minutes);
          setSelection(null);
        }}
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
            onBack={() => {
              setStep("pick");
              setReturned("back");
            }}
            onSlotTaken={() => {
              setSelection(
                (current) => current && { ...current, slot: { ...current.slot, start: "" } },
              );
              setStep("pick");
              setReturned("slotTaken");
            }}
          />
        </Suspense>
      ) : (
        <SlotPicker
          reference={reference}
          timeZone={timeZone}
          onTimeZoneChange={setTimeZone}
          timeZoneLocked={locked}
          duration={duration}
          showSeats={eventType?.kind === "GROUP"}
          initialDate={selection?.isoDate ?? null}
          selectedStart={selection?.slot.start ?? null}
          onSelect={handleSelect}
          focusTimes={returned !== null}
          notice={returned === "slotTaken" ? t("booking.slotTaken") : undefined}
        />
      )}
    </BookingCard>
  );
}
