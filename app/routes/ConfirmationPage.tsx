import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isConnectedLocationType } from "../../core/eventTypes/connectedLocationTypes";

import { usePublicQuery } from "../api/publicQuery";
import { FocusHeading } from "../components/FocusHeading";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { AddToCalendar } from "../features/booking/AddToCalendar";
import { attendeeLinks, manageLinksOf, rememberedBooking } from "../features/booking/bookingStore";
import { type EventView, fetchEventView, fetchInvitee } from "../features/booking/eventView";
import { formatPrice } from "../features/booking/formatters";
import { ManageLinks } from "../features/booking/ManageLinks";
import { MeetingDetails } from "../features/booking/MeetingDetails";
import { heldPaymentOf } from "../features/booking/payment/heldPayments";
import { PendingPayment } from "../features/booking/payment/PendingPayment";
import { RedirectCountdown } from "../features/booking/RedirectCountdown";
import { SeriesDates } from "../features/booking/SeriesDates";
import { useIntlLocale } from "../i18n/useIntlLocale";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useLocation, useParams } from "../router/navigation";
import { FailedQueryPage } from "./FailedQueryPage";

interface ConfirmationData {
  event: EventView;
  inviteeName: string | null;
  /** What the invitee paid, when they did (read with their secret). */
  paid: { amount: number; currency: string } | null;
}

/**
 * The booking confirmation (`/{username}/{event}/{attendeeUuid}`) and the single event page
 * (`/event/{eventUuid}`): what, when, where, who, add to calendar, the host's redirect, and
 * the invitee's cancel and reschedule links.
 */
export function ConfirmationPage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const { slug = "" } = useParams();
  const { search } = useLocation();
  // The invitee's own confirmation, under the event type's path or the single-use link's.
  const ownBooking = routeName === "bookingConfirmation" || routeName === "singleUseConfirmation";
  const remembered = ownBooking ? rememberedBooking(slug) : null;
  // The invitee's secret: from the scheduling answer this tab kept, the address (a booking
  // awaiting payment reopened from another tab), or what this browser kept while it was held.
  const token = ownBooking
    ? (remembered?.attendee.token ??
      remembered?.attendee.cancelToken ??
      new URLSearchParams(search).get("token") ??
      heldPaymentOf(slug)?.token ??
      undefined)
    : undefined;
  const locale = useIntlLocale();
  const query = usePublicQuery<ConfirmationData>({
    key: ["confirmation", routeName, slug],
    fn: async (signal) => {
      if (routeName === "event") {
        return { event: await fetchEventView(slug, signal), inviteeName: null, paid: null };
      }
      const { event, invitee } = await fetchInvitee(slug, token, signal);
      const paid = invitee.payment
        ? { amount: invitee.payment.amount, currency: invitee.payment.currency }
        : null;
      return { event, inviteeName: invitee.name ?? null, paid };
    },
    staleTime: 60_000,
  });
  const status = query.data?.event.status;
  useAwaitedMeetingLink(query.data?.event, query.refetch);
  useDocumentTitle(
    query.status === "error"
      ? null
      : status === "CANCELLED"
        ? t("confirmation.cancelledDocumentTitle")
        : status === "PENDING_PAYMENT"
          ? t("confirmation.pendingDocumentTitle")
          : status === "PENDING_APPROVAL"
            ? t("confirmation.approvalDocumentTitle")
            : t("confirmation.documentTitle"),
  );

  if (query.status === "pending") return <LoadingIndicator label={t("common.loading")} />;
  if (query.status === "error" || !query.data) {
    return <FailedQueryPage error={query.error} />;
  }
  const { event, inviteeName, paid } = query.data;
  const manageable = event.status !== "CANCELLED" && event.status !== "PENDING_PAYMENT";
  const links = !manageable
    ? null
    : remembered
      ? attendeeLinks(remembered)
      : token
        ? manageLinksOf({ uuid: slug, token })
        : null;
  const action = remembered?.action;
  const calendarAttendee = ownBooking && token ? { uuid: slug, token } : null;
  const params = new URLSearchParams(search);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-8">
      <FocusHeading
        title={
          event.status === "CANCELLED"
            ? t("confirmation.cancelledTitle")
            : event.status === "PENDING_PAYMENT"
              ? t("confirmation.pendingTitle")
              : event.status === "PENDING_APPROVAL"
                ? t("confirmation.approvalTitle")
                : routeName === "event"
                  ? event.title
                  : t("confirmation.title")
        }
      />
      {ownBooking && paid && event.status !== "CANCELLED" ? (
        <p className="font-medium text-gray-900">
          {t(event.status === "CONFIRMED" ? "confirmation.paid" : "confirmation.paidRequest", {
            amount: formatPrice(paid.amount, paid.currency, locale),
          })}
        </p>
      ) : null}
      {ownBooking && event.status === "CONFIRMED" ? (
        <p className="text-gray-700">{t("confirmation.emailSent")}</p>
      ) : null}
      {ownBooking && token && event.status === "PENDING_PAYMENT" ? (
        <PendingPayment
          attendee={slug}
          token={token}
          event={event}
          onSettled={() => void query.refetch().catch(() => {})}
        />
      ) : null}
      {event.status === "PENDING_APPROVAL" ? (
        <p className="text-gray-700">{t("confirmation.approvalSent")}</p>
      ) : null}
      <MeetingDetails event={event} invitee={inviteeName} showFormer />
      {event.series ? <SeriesDates series={event.series} /> : null}
      {event.status === "CONFIRMED" ? (
        <AddToCalendar links={event.calendarLinks} attendee={calendarAttendee} />
      ) : null}
      {links ? <ManageLinks links={links} /> : null}
      {action?.actionType === "URL" && event.status === "CONFIRMED" ? (
        <RedirectCountdown
          url={action.url}
          seconds={action.seconds}
          inParent={params.has("redirect_parent")}
        />
      ) : null}
    </div>
  );
}

/** How often, and how many times, the page asks again for a meeting link still being made. */
const LINK_POLL_MS = 2000;
const LINK_POLLS = 30;

/**
 * A meeting link made through the host's account (Google Meet) arrives a moment after the
 * booking, once written into their calendar: until then the page asks for it again now and
 * then, for a minute at most.
 */
function useAwaitedMeetingLink(event: EventView | undefined, refetch: () => Promise<unknown>) {
  const awaiting =
    event !== undefined &&
    event.status === "CONFIRMED" &&
    event.location !== null &&
    event.location !== undefined &&
    isConnectedLocationType(event.location.type) &&
    !event.location.value;
  useEffect(() => {
    if (!awaiting) return;
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      if (polls > LINK_POLLS) clearInterval(timer);
      else refetch().catch(() => {});
    }, LINK_POLL_MS);
    return () => clearInterval(timer);
  }, [awaiting, refetch]);
}
