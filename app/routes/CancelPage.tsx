import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CancelResponse, InviteeResponse } from "../../core/api/events";
import { isNotFound } from "../api/apiErrors";
import { errorMessage } from "../api/errorMessage";
import { publicApi } from "../api/publicApi";
import { setQueryData, usePublicQuery } from "../api/publicQuery";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import { CheckboxField } from "../components/CheckboxField";
import { FocusHeading } from "../components/FocusHeading";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { SelectField } from "../components/SelectField";
import { CancelledNotice } from "../features/booking/CancelledNotice";
import { type EventView, fetchEventView, fetchInvitee } from "../features/booking/eventView";
import { formatPrice } from "../features/booking/formatters";
import { InviteeChangeNotice, inviteeChangeState } from "../features/booking/InviteeChangeNotice";
import { MeetingDetails } from "../features/booking/MeetingDetails";
import { ReasonField } from "../features/booking/ReasonField";
import { SeriesDates } from "../features/booking/SeriesDates";
import { postToParent } from "../features/embed/embedded";
import { useIntlLocale } from "../i18n/useIntlLocale";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useParams } from "../router/navigation";
import { notify, useAppState } from "../state/appState";
import { FailedQueryPage } from "./FailedQueryPage";

interface CancelData {
  event: EventView;
  inviteeName: string | null;
  /** The attendee cancelled already (their seat), though the event goes on. */
  attendeeCancelled: boolean;
  /** A paid booking: what the invitee paid, and what cancelling now refunds. */
  payment?: InviteeResponse["payment"];
}

/**
 * Cancelling a booking: `/cancel/{attendeeUuid}/{token}` from the invitee's mail, or
 * `/cancel/{eventUuid}` for a signed-in host. Asks for an optional reason (at most 256).
 */
export function CancelPage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const timeZone = useAppState((state) => state.timeZone);
  const { slug = "", usertoken } = useParams();
  const key = ["cancel", slug] as const;
  const query = usePublicQuery<CancelData>({
    key,
    fn: async (signal) => {
      try {
        const { invitee, event } = await fetchInvitee(slug, usertoken, signal);
        return {
          event,
          inviteeName: invitee.name ?? null,
          attendeeCancelled: invitee.status === "CANCELLED",
          payment: "payment" in invitee ? invitee.payment : undefined,
        };
      } catch (error) {
        // Not an attendee: a host's link names the event itself.
        if (!isNotFound(error)) throw error;
        return {
          event: await fetchEventView(slug, signal),
          inviteeName: null,
          attendeeCancelled: false,
        };
      }
    },
  });
  const [reason, setReason] = useState("");
  // A series: which of its meetings, and whether the later ones go too.
  const [occurrence, setOccurrence] = useState<string>();
  const [following, setFollowing] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [pending, setPending] = useState(false);
  const done = query.data?.event.status === "CANCELLED" || query.data?.attendeeCancelled;
  useDocumentTitle(
    query.status === "error"
      ? null
      : t(done ? "confirmation.cancelledDocumentTitle" : "cancel.documentTitle"),
  );

  if (query.status === "pending") return <LoadingIndicator label={t("common.loading")} />;
  if (query.status === "error" || !query.data) {
    return <FailedQueryPage error={query.error} />;
  }
  const { event, inviteeName, attendeeCancelled, payment } = query.data;
  const upcoming =
    event.series?.occurrences.filter(
      (o) => o.status !== "CANCELLED" && Date.parse(o.start) > Date.now(),
    ) ?? [];
  // A series is done when none of its meetings is left to cancel.
  const cancelled = event.series
    ? upcoming.length === 0
    : event.status === "CANCELLED" || attendeeCancelled;
  const chosen =
    upcoming.find((o) => o.uuid === occurrence) ??
    upcoming.find((o) => o.uuid === event.uuid) ??
    upcoming[0];
  // The invitee (their link's token) within the event type's settings; a host always can.
  const until = event.inviteeChanges.cancelUntil;
  const state = usertoken ? inviteeChangeState(until, Date.now()) : "OPEN";

  async function handleSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    setPending(true);
    setAlert(undefined);
    try {
      // A host names the occurrence itself; an invitee's link names theirs, and the body another.
      const series = event.series && chosen ? { following } : {};
      const target = event.series && chosen && !usertoken ? chosen.uuid : slug;
      const other =
        event.series && chosen && usertoken && chosen.uuid !== event.uuid
          ? { occurrence: chosen.uuid }
          : {};
      const answer = await publicApi.put<CancelResponse>(
        `/event/uuid/${encodeURIComponent(target)}/cancel`,
        {
          cancellation_reason: reason.trim(),
          ...(usertoken ? { token: usertoken } : {}),
          ...series,
          ...other,
        },
      );
      setOccurrence(undefined);
      setFollowing(false);
      // The refund the cancellation made, as the server recorded it, for the page to say.
      const refreshed = payment ? await fetchInvitee(slug, usertoken).catch(() => null) : null;
      const paid =
        refreshed && "payment" in refreshed.invitee ? refreshed.invitee.payment : payment;
      // The page stays on the series while meetings are left: say that this one went.
      if (answer.event.series) notify(t("cancel.done"));
      setQueryData<CancelData>(key, {
        event: answer.event,
        inviteeName,
        attendeeCancelled: !answer.eventCancelled,
        payment: paid,
      });
      postToParent("event_cancelled", { event: { uuid: answer.event.uuid } });
    } catch (error) {
      setAlert(errorMessage(error, t));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-8">
      <FocusHeading
        key={String(cancelled)}
        title={cancelled ? t("cancel.doneTitle") : t("cancel.title")}
      />
      {cancelled ? <p className="text-gray-700">{t("cancel.done")}</p> : null}
      {cancelled ? <CancelledNotice event={event} /> : null}
      {cancelled && payment && payment.refunded > 0 ? (
        <p className="text-gray-700">
          {t("cancel.refunded", {
            amount: formatPrice(payment.refunded, payment.currency, locale),
          })}
        </p>
      ) : null}
      <MeetingDetails event={event} invitee={inviteeName} cancelled={cancelled} />
      {event.series ? <SeriesDates series={event.series} /> : null}
      {cancelled || !usertoken ? null : (
        <InviteeChangeNotice change="cancel" state={state} until={until} start={event.start} />
      )}
      {cancelled || state !== "OPEN" ? null : (
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <Alert message={alert} />
          {payment ? (
            <p className="text-gray-700">
              {t(payment.refundOnCancel > 0 ? "cancel.refundAll" : "cancel.refundNone", {
                amount: formatPrice(
                  payment.refundOnCancel > 0 ? payment.refundOnCancel : payment.amount,
                  payment.currency,
                  locale,
                ),
              })}
            </p>
          ) : null}
          {event.series && chosen ? (
            <>
              <SelectField
                label={t("cancel.occurrence")}
                options={upcoming.map((o) => ({
                  value: o.uuid,
                  label: new Intl.DateTimeFormat(locale, {
                    dateStyle: "full",
                    timeStyle: "short",
                    timeZone,
                  }).format(new Date(o.start)),
                }))}
                value={chosen.uuid}
                onChange={(change) => setOccurrence(change.target.value)}
              />
              <CheckboxField
                label={t("cancel.following")}
                checked={following}
                onChange={setFollowing}
              />
            </>
          ) : null}
          <ReasonField label={t("cancel.reason")} value={reason} onChange={setReason} />
          <Button type="submit" disabled={pending} className="self-start">
            {pending ? t("cancel.cancelling") : t("cancel.submit")}
          </Button>
        </form>
      )}
    </div>
  );
}
