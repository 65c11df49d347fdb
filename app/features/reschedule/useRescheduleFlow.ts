import { type FormEvent, useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { RescheduledResponse } from "../../../core/api/reschedule";
import {
  type BookingUrlState,
  readBookingUrl,
  withBookingUrl,
} from "../../../core/routing/bookingUrlState";
import type { TimetableReference } from "../../../core/routing/timetablePaths";
import { type MonthId, monthToShow } from "../../../core/time/calendarMonth";
import { errorMessage } from "../../api/errorMessage";
import { publicApi } from "../../api/publicApi";
import { invalidateQueries } from "../../api/publicQuery";
import { navigate, useLocation } from "../../router/navigation";
import { useAppState } from "../../state/appState";
import type { PublicEventType } from "../booking/bookingApi";
import { type EventView, fetchEventView } from "../booking/eventView";
import { isoDateInZone } from "../booking/formatters";
import type { SlotTime } from "../booking/timetable";
import { useSlotTaken } from "../booking/useSlotTaken";
import { timetableFamily, useTimetable } from "../booking/useTimetable";
import { postToParent } from "../embed/embedded";
import {
  movedMeeting,
  type RescheduleMode,
  rescheduleRequest,
  timetableReferenceOf,
} from "./rescheduleFlow";
import {
  confirmStepOf,
  dateStepOf,
  initialRescheduleState,
  monthStepOf,
  namedSlot,
  rescheduleReducer,
} from "./rescheduleSteps";

export interface RescheduleFlowInput {
  mode: RescheduleMode;
  /** The route's uuid: the attendee's or the event's. */
  uuid: string;
  /** The round-robin host's username or email. */
  host: string;
  event: EventView;
  eventType: PublicEventType;
}

/**
 * The reschedule flow's state and handlers: the step in the address (rescheduleSteps.ts), the
 * series meeting to move, the reason and the request.
 */
export function useRescheduleFlow({ mode, uuid, host, event, eventType }: RescheduleFlowInput) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const invitee = useAppState((state) => state.timeZone);
  const serverDate = useAppState((state) => state.serverDate);
  const calendarType = useAppState((state) => state.calendarType);
  const [state, dispatch] = useReducer(rescheduleReducer, initialRescheduleState);
  const url = readBookingUrl(search);
  const token = new URLSearchParams(search).get("token");
  const timeZone = eventType.lockTimeZone ? eventType.timeZone : invitee;
  const meeting = movedMeeting(mode, event, state.occurrence, Date.now());
  const { otherUuid } = meeting;
  const reference = useMemo<TimetableReference>(
    () =>
      otherUuid === null
        ? timetableReferenceOf(mode, uuid, host)
        : { path: "/timetable-by-event", params: { eventUuid: otherUuid } },
    [otherUuid, mode, uuid, host],
  );
  const month = monthToShow(url.month, url.date, isoDateInZone(serverDate, timeZone), calendarType);
  const pendingName =
    url.slot !== null &&
    url.date !== null &&
    (state.picked === null || Date.parse(state.picked.slot.start) !== Date.parse(url.slot));
  const lookup = useTimetable(pendingName ? reference : null, month, timeZone, null);
  const slot = namedSlot(url, state.picked, lookup);
  const step = slot.selection ? "confirm" : "pick";

  const go = useCallback(
    (next: Partial<BookingUrlState>, replace: boolean) =>
      navigate(`${pathname}${withBookingUrl(window.location.search, next)}`, { replace }),
    [pathname],
  );

  const found = slot.selection !== state.picked ? slot.selection : null;
  useEffect(() => {
    if (found) dispatch({ type: "found", selection: found });
  }, [found]);
  // The named time is not bookable (taken, past, or never offered): its day's times instead.
  useEffect(() => {
    if (!slot.missing) return;
    dispatch({ type: "slotTaken" });
    go({ slot: null }, true);
  }, [slot.missing, go]);

  // Back from the confirm step, by the page's button or the browser's: focus goes to the times.
  const stepBefore = useRef(step);
  const cameBack = stepBefore.current === "confirm" && step === "pick";
  useEffect(() => {
    stepBefore.current = step;
  });

  const handleSlotTaken = useSlotTaken(() => {
    dispatch({ type: "slotTaken" });
    go({ slot: null }, true);
  });

  function selectTime(time: SlotTime, isoDate: string) {
    dispatch({ type: "picked", selection: { slot: time, isoDate } });
    go(confirmStepOf(isoDate, time.start, calendarType), false);
  }

  function selectDate(isoDate: string) {
    if (isoDate === url.date && url.slot === null) return;
    go(dateStepOf(isoDate, calendarType), false);
  }

  const changeMonth = useCallback(
    (next: MonthId, how: "user" | "auto") => go(monthStepOf(next, how), true),
    [go],
  );

  function back() {
    const pushed = state.pushedConfirm;
    dispatch({ type: "back" });
    if (pushed) window.history.back();
    else go({ slot: null }, true);
  }

  function pickOccurrence(occurrence: string) {
    dispatch({ type: "occurrence", uuid: occurrence });
    go({ slot: null }, true);
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (!slot.selection) return;
    dispatch({ type: "submit" });
    const body = rescheduleRequest({
      mode,
      uuid,
      eventUuid: event.uuid,
      token,
      otherUuid,
      start: slot.selection.slot.start,
      timeZone,
      reason: state.reason,
    });
    try {
      const answer = await publicApi.post<RescheduledResponse>("/event/reschedule", body);
      invalidateQueries(timetableFamily);
      postToParent("event_rescheduled", { event: { uuid: answer.event.uuid } });
      const moved = await fetchEventView(answer.event.uuid);
      dispatch({ type: "moved", event: moved });
      // Done: a reload shows the times again, not the confirmation of a move made.
      go({ month: null, date: null, slot: null }, true);
    } catch (error) {
      if (handleSlotTaken(error)) dispatch({ type: "failed", message: undefined });
      else dispatch({ type: "failed", message: errorMessage(error, t) });
    }
  }

  return {
    state,
    url,
    token,
    timeZone,
    meeting,
    reference,
    step,
    selection: slot.selection,
    /** The address names a time the page is still looking up. */
    lookingUp: slot.lookingUp,
    /** Focus goes to the times: after Back (the page's or the browser's) or a clash. */
    focusTimes: state.returned !== null || cameBack,
    selectTime,
    selectDate,
    changeMonth,
    back,
    pickOccurrence,
    setReason: (text: string) => dispatch({ type: "reason", text }),
    submit,
  };
}
