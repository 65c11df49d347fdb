import { formatWhen } from "../../../../core/i18n/formatWhen";
import type { WorkflowVariable } from "../../../../core/workflows/workflowTemplate";

/** The preview's meeting: a fixed instant, so a preview reads the same on every visit. */
export const SAMPLE_START = "2027-03-15T14:00:00Z";
const SAMPLE_UUID = "3f2a9c1e-0000-4000-8000-000000000000";

interface SampleMeeting {
  language: string;
  /** The preview language's own texts for the sample invitee, place and answers. */
  texts: { inviteeName: string; location: string; formAnswers: string };
  hostName: string;
  eventTitle: string;
  durationMinutes: number;
  timeZone: string;
  timeFormat: 12 | 24;
  /** Where the sample links point (this server). */
  origin: string;
}

/**
 * The values a workflow message would be filled with for a sample meeting in `language`, the
 * start written as the server writes it for a recipient of that language (core's formatWhen).
 * Pure.
 */
export function sampleValues(meeting: SampleMeeting): Record<WorkflowVariable, string> {
  const end = new Date(Date.parse(SAMPLE_START) + meeting.durationMinutes * 60_000).toISOString();
  const reschedule = `${meeting.origin}/reschedule/by-attendee/${SAMPLE_UUID}`;
  return {
    invitee_name: meeting.texts.inviteeName,
    host_name: meeting.hostName,
    event_title: meeting.eventTitle,
    start_time: formatWhen(
      SAMPLE_START,
      end,
      meeting.timeZone,
      meeting.timeFormat,
      meeting.language,
    ),
    location: meeting.texts.location,
    join_link: "https://meet.example.com/abc-defg-hij",
    manage_link: reschedule,
    cancel_link: `${meeting.origin}/cancel/${SAMPLE_UUID}`,
    reschedule_link: reschedule,
    form_answers: meeting.texts.formAnswers,
  };
}
