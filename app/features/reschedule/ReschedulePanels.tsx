import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FocusHeading } from "../../components/FocusHeading";
import { AddToCalendar } from "../booking/AddToCalendar";
import { manageLinksOf } from "../booking/bookingStore";
import { CancelledNotice } from "../booking/CancelledNotice";
import type { EventView } from "../booking/eventView";
import { InviteeChangeNotice, type InviteeChangeState } from "../booking/InviteeChangeNotice";
import { ManageLinks } from "../booking/ManageLinks";
import { MeetingDetails } from "../booking/MeetingDetails";

/** The card of the reschedule page's states without a calendar. */
export function Panel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-8">
      {children}
    </div>
  );
}

/** The event (or the invitee's seat) was cancelled: nothing to move. */
export function CancelledPanel({
  event,
  invitee,
}: {
  event: EventView;
  invitee: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Panel>
      <FocusHeading title={t("reschedule.cancelledTitle")} />
      <CancelledNotice event={event} />
      <MeetingDetails event={event} invitee={invitee} cancelled />
    </Panel>
  );
}

/** The event type's notice has passed (or the meeting began): the invitee may not move it. */
export function ClosedPanel({
  event,
  invitee,
  state,
  until,
  meeting,
  occurrencePicker,
}: {
  event: EventView;
  invitee: string | undefined;
  state: Exclude<InviteeChangeState, "OPEN">;
  until: string | null;
  /** The series meeting chosen, when another than the link's. */
  meeting: { start: string; end: string } | undefined;
  occurrencePicker: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Panel>
      <FocusHeading title={t("reschedule.title", { title: event.title })} />
      {occurrencePicker}
      <InviteeChangeNotice
        change="reschedule"
        state={state}
        until={until}
        start={meeting?.start ?? event.start}
      />
      <MeetingDetails
        event={meeting ? { ...event, start: meeting.start, end: meeting.end } : event}
        invitee={invitee}
      />
    </Panel>
  );
}

/** Moved: the former and the new time, and the attendee's own links as on the first confirmation. */
export function MovedPanel({
  moved,
  invitee,
  attendee,
}: {
  moved: EventView;
  invitee: string | undefined;
  attendee: { uuid: string; token: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <Panel>
      <FocusHeading title={t("reschedule.doneTitle")} />
      <MeetingDetails event={moved} invitee={invitee} showFormer />
      {moved.status === "CONFIRMED" ? (
        <AddToCalendar links={moved.calendarLinks} attendee={attendee} />
      ) : null}
      {attendee ? <ManageLinks links={manageLinksOf(attendee)} /> : null}
    </Panel>
  );
}
