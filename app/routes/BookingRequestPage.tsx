import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../api/errorMessage";
import { publicApi } from "../api/publicApi";
import { setQueryData, usePublicQuery } from "../api/publicQuery";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import { FocusHeading } from "../components/FocusHeading";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { type EventView, fetchEventView } from "../features/booking/eventView";
import { MeetingDetails } from "../features/booking/MeetingDetails";
import { ReasonField } from "../features/booking/ReasonField";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useLocation, useParams } from "../router/navigation";
import { FailedQueryPage } from "./FailedQueryPage";

/**
 * A booking request opened from the signed link in the host's request mail
 * (`/event/{uuid}/answer?sig=…`): the meeting, and Approve or Decline with an optional reason.
 * Once answered (or expired) it says so; the link then does nothing more.
 */
export function BookingRequestPage() {
  const { t } = useTranslation();
  const { slug = "" } = useParams();
  const { search } = useLocation();
  const link = new URLSearchParams(search);
  const sig = link.get("sig") ?? "";
  const host = link.get("host") ?? undefined;
  const key = ["bookingRequest", slug] as const;
  const query = usePublicQuery<EventView>({ key, fn: (signal) => fetchEventView(slug, signal) });
  const [reason, setReason] = useState("");
  const [alert, setAlert] = useState<string>();
  const [pending, setPending] = useState(false);
  useDocumentTitle(query.status === "error" ? null : t("request.documentTitle"));

  if (query.status === "pending") return <LoadingIndicator label={t("common.loading")} />;
  if (query.status === "error" || !query.data) return <FailedQueryPage error={query.error} />;
  const event = query.data;
  const waiting = event.status === "PENDING_APPROVAL";

  async function handleAnswer(approve: boolean) {
    setPending(true);
    setAlert(undefined);
    try {
      await publicApi.post<unknown>(`/booking-requests/${encodeURIComponent(slug)}`, {
        sig,
        host,
        approve,
        reason: reason.trim(),
      });
      setQueryData<EventView>(key, await fetchEventView(slug));
    } catch (error) {
      setAlert(errorMessage(error, t));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-8">
      <FocusHeading
        key={event.status}
        title={
          waiting
            ? t("request.title")
            : event.status === "CONFIRMED"
              ? t("request.approvedTitle")
              : t("request.closedTitle")
        }
      />
      <MeetingDetails event={event} invitee={null} cancelled={event.status === "CANCELLED"} />
      {waiting ? (
        <div className="flex flex-col gap-4">
          <Alert message={alert} />
          <ReasonField label={t("request.reason")} value={reason} onChange={setReason} />
          <div className="flex flex-wrap gap-3">
            <Button disabled={pending} onClick={() => handleAnswer(true)}>
              {t("request.approve")}
            </Button>
            <Button variant="secondary" disabled={pending} onClick={() => handleAnswer(false)}>
              {t("request.decline")}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
