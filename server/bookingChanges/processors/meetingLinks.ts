import { isConnectedLocationType } from "../../../core/eventTypes/connectedLocationTypes";
import type { RescheduledBefore, RescheduledData } from "../../booking/bookingChange";
import { forgetMeetingLink, linkHolderLeft } from "../../calendars/connectedLocations";
import type { ChangeContext, ChangeProcessor } from "../changeContext";

/**
 * A meeting link made through a host's account (Zoom, Meet, Teams) belongs to that host (for Meet
 * and Teams, the host whose calendar event made it: linkHolderLeft): when a move or a
 * reassignment takes the meeting from them, or a seat moves into a new event that
 * copied its former event's link, the link is taken off the meeting before its mails are
 * written. The mails then wait for the new link (as at booking time), and the calendar jobs of
 * the same change delete the former host's meeting through their account and make one through
 * the new host's (calendarEventWriter, zoomMeetings), whose link storeMeetingLink keeps. The
 * meeting this batch read is changed the same way, so the later processors tell of it without
 * the former link.
 */
export const meetingLinkProcessor: ChangeProcessor = async (context) => {
  const { change } = context;
  if (change.kind !== "rescheduled" && change.kind !== "reassigned") return;
  const meeting = await context.read.event(change.eventId);
  const location = meeting?.location;
  if (!meeting || !location?.value || !isConnectedLocationType(location.type)) return;
  if (!(await linkGone(context, meeting.id, location.type, location.value))) return;
  await forgetMeetingLink(context.tx, meeting.id, location.type);
  meeting.location = { type: location.type };
};

async function linkGone(
  context: ChangeContext,
  eventId: string,
  type: Parameters<typeof linkHolderLeft>[2],
  link: string,
): Promise<boolean> {
  const data = context.change.data as unknown as RescheduledData;
  const before = context.change.before as unknown as RescheduledBefore;
  const former = before.event as { id?: string; location?: { value?: string } | null };
  // A new event for a moved seat starts with its former event's location, link and all.
  if (former.id !== eventId) return former.location?.value === link;
  return linkHolderLeft(context.tx, eventId, type, {
    before: before.hostIds,
    after: data.hostIds,
  });
}
