import type { FastifyInstance } from "fastify";
import type { TimetableService } from "../availability/timetableService";
import type { Deps } from "../deps";
import { requestLanguage } from "../i18n/requestLanguage";
import { translator } from "../i18n/serverI18n";
import { analyticsRoutes } from "./analytics/analyticsRoutes";
import { authRoutes } from "./auth/authRoutes";
import { verifyEmailRoutes } from "./auth/verifyEmailRoutes";
import { bookingFeedRoutes } from "./bookingFeed/bookingFeedRoutes";
import { bookingRoutes } from "./bookings/bookingRoutes";
import { calendarConnectionRoutes } from "./calendarConnections/calendarConnectionRoutes";
import { googleCalendarRoutes } from "./calendarConnections/googleCalendarRoutes";
import { microsoftCalendarRoutes } from "./calendarConnections/microsoftCalendarRoutes";
import { zoomConnectionRoutes } from "./calendarConnections/zoomConnectionRoutes";
import { eventRoutes } from "./events/eventRoutes";
import { eventTypeRoutes } from "./eventTypes/eventTypeRoutes";
import { healthRoutes } from "./health/healthRoutes";
import { hostInvitationRoutes } from "./hostInvitations/hostInvitationRoutes";
import { insightsRoutes } from "./insights/insightsRoutes";
import { inviteeRoutes } from "./invitees/inviteeRoutes";
import { emailRoutes } from "./me/emailRoutes";
import { meRoutes } from "./me/meRoutes";
import { phoneRoutes } from "./me/phoneRoutes";
import { outOfOfficeRoutes } from "./outOfOffice/outOfOfficeRoutes";
import { pageRoutes } from "./pages/pageRoutes";
import { passwordRoutes } from "./password/passwordRoutes";
import { paymentRoutes } from "./payments/paymentRoutes";
import { profilePageRoutes } from "./profilePage/profilePageRoutes";
import { publicEventTypeRoutes } from "./publicEventTypes/publicEventTypeRoutes";
import { rescheduleRoutes } from "./reschedule/rescheduleRoutes";
import { routingFormRoutes } from "./routingForms/routingFormRoutes";
import { scheduleRoutes } from "./schedules/scheduleRoutes";
import { singleUseLinkRoutes } from "./singleUseLinks/singleUseLinkRoutes";
import { smsWebhookRoutes } from "./sms/smsWebhookRoutes";
import { teamRoutes } from "./teams/teamRoutes";
import { timetableRoutes } from "./timetable/timetableRoutes";
import { tokenRoutes } from "./tokens/tokenRoutes";
import { uploadRoutes } from "./uploads/uploadRoutes";
import { webhookRoutes } from "./webhooks/webhookRoutes";
import { workflowRoutes } from "./workflows/workflowRoutes";

/** The services buildApp makes once and hands to the routes that call them. */
export interface Services {
  timetables: TimetableService;
}

/** Everything under /api, with a JSON 404 for unknown API paths. */
export async function apiRoutes(
  app: FastifyInstance,
  { deps, services }: { deps: Deps; services: Services },
) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    const t = translator(requestLanguage(request), "errors");
    reply.status(404).send({ message: t("general.noRoute", { method: request.method, path }) });
  });
  for (const routes of [
    healthRoutes,
    authRoutes,
    verifyEmailRoutes,
    meRoutes,
    emailRoutes,
    phoneRoutes,
    scheduleRoutes,
    eventTypeRoutes,
    teamRoutes,
    hostInvitationRoutes,
    tokenRoutes,
    timetableRoutes,
    singleUseLinkRoutes,
    uploadRoutes,
    passwordRoutes,
    eventRoutes,
    paymentRoutes,
    rescheduleRoutes,
    publicEventTypeRoutes,
    bookingRoutes,
    inviteeRoutes,
    analyticsRoutes,
    insightsRoutes,
    profilePageRoutes,
    routingFormRoutes,
    outOfOfficeRoutes,
    pageRoutes,
    webhookRoutes,
    workflowRoutes,
    calendarConnectionRoutes,
    googleCalendarRoutes,
    microsoftCalendarRoutes,
    zoomConnectionRoutes,
    bookingFeedRoutes,
    smsWebhookRoutes,
  ]) {
    await app.register(routes, { deps, ...services });
  }
}
