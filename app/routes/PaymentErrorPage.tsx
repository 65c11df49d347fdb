import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../api/errorMessage";
import { publicApi } from "../api/publicApi";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import { FocusHeading } from "../components/FocusHeading";
import { rememberedBookingOfEvent } from "../features/booking/bookingStore";
import { readPaymentFailureReason } from "../features/booking/payment/paymentFailure";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { navigate, useLocation, useParams } from "../router/navigation";

/**
 * 'Payment failed' (spec §8), where the card payment returns to after a failure:
 * `/{username}/{event}/payment_error` or `/event/payment_error`. 'Try again' frees the
 * pending booking's time (DELETE /api/event/...) and goes back to scheduling.
 */
export function PaymentErrorPage() {
  const { t } = useTranslation();
  const { username, event } = useParams();
  const { search } = useLocation();
  const [alert, setAlert] = useState<string>();
  const [pending, setPending] = useState(false);
  useDocumentTitle(t("payment.documentTitle"));
  const query = new URLSearchParams(search);
  const eventUuid = query.get("event_uuid") ?? query.get("event");
  const paymentIntent = query.get("payment_intent");
  const back = query.get("back");
  // Why Stripe refused the card, when it said (the booking form puts it in the address).
  const reason = readPaymentFailureReason(query.get("reason"));
  const retryPath =
    username && event
      ? `/${encodeURIComponent(username)}/${encodeURIComponent(event)}`
      : back?.startsWith("/") && !back.startsWith("//")
        ? back
        : null;

  async function handleRetry() {
    setPending(true);
    setAlert(undefined);
    try {
      if (username && event && eventUuid) {
        // Only the attendee who booked may take the booking back: their secret from the
        // scheduling answer this tab kept, or from the return address.
        const booking = rememberedBookingOfEvent(eventUuid);
        const token =
          query.get("token") ?? booking?.attendee.token ?? booking?.attendee.cancelToken;
        const params = new URLSearchParams({
          ...(token ? { token } : {}),
          ...(paymentIntent ? { payment_intent: paymentIntent } : {}),
        });
        const search = params.size > 0 ? `?${params}` : "";
        await publicApi.delete(
          `/event/${encodeURIComponent(username)}/${encodeURIComponent(event)}/${encodeURIComponent(eventUuid)}${search}`,
        );
      }
      if (retryPath) navigate(retryPath, { keepQuery: true });
      else window.history.back();
    } catch (error) {
      setAlert(errorMessage(error, t));
      setPending(false);
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 bg-white p-5 text-center shadow-sm sm:rounded-2xl sm:p-8">
      <FocusHeading title={t("payment.failedTitle")} />
      {reason ? (
        <p className="font-semibold text-gray-900">{t(`payment.reasons.${reason}`)}</p>
      ) : null}
      <p className="text-gray-700">{t("payment.failedMessage")}</p>
      <Alert message={alert} className="w-full" />
      <Button onClick={handleRetry} disabled={pending}>
        {t("payment.tryAgain")}
      </Button>
    </div>
  );
}
