import { formatWhen } from "../../core/i18n/formatWhen";
import type { WorkflowVariable } from "../../core/workflows/workflowTemplate";
import type { BookingMailData } from "../mail/mailTypes";
import { joinUrl, locationText } from "../mail/templates/bookingDetails";

/**
 * The values of a workflow message's variables for one recipient, from what their booking mail
 * would say: the start in their zone and language, the manage links only where their mail has
 * them (the invitee's), the form answers only where theirs has them (the hosts'). Pure.
 */
export function workflowValues(
  data: BookingMailData,
  language: string,
): Record<WorkflowVariable, string> {
  const manage = data.rescheduleUrl ?? data.cancelUrl ?? "";
  return {
    invitee_name: data.invitee.name,
    host_name: data.hostNames.join(", "),
    event_title: data.title,
    start_time: formatWhen(data.start, data.end, data.timeZone, data.timeFormat, language),
    location: data.location === null ? "" : locationText(data.location, language),
    join_link: joinUrl(data.location) ?? "",
    manage_link: manage,
    cancel_link: data.cancelUrl ?? "",
    reschedule_link: data.rescheduleUrl ?? "",
    form_answers: data.answers.map((a) => `${a.label}: ${a.value}`).join("\n"),
  };
}
