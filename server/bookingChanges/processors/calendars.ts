import type { CalendarJob } from "../../calendars/calendarJobs";
import type { ChangeProcessor } from "../changeContext";

const WRITTEN = new Set(["bookingConfirmed", "bookingRescheduled", "bookingCancelled"]);

/**
 * Each host told of a confirmed, moved or cancelled meeting has it written into (or taken out
 * of) their write calendar, as their mail describes it; the writer reads the meeting's status
 * when it runs, so a job leaves the calendar as the booking is. A host a change took off a
 * meeting (a move into another event, a host replaced) is told so by a cancellation mail, and
 * that takes it out of their calendar.
 */
export const calendarProcessor: ChangeProcessor = async (context) => {
  const jobs: CalendarJob[] = [];
  for (const { eventId, mail } of context.effects.hostMails) {
    if (!WRITTEN.has(mail.template)) continue;
    jobs.push({ eventId, hostEmail: mail.to.email, language: mail.language, data: mail.data });
  }
  await context.out.calendarJobs(jobs, context.now);
};
