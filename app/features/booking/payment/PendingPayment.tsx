import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentResumeResponse } from "../../../../core/api/payments";
import { errorMessage } from "../../../api/errorMessage";
import { publicApi } from "../../../api/publicApi";
import { invalidateQueries } from "../../../api/publicQuery";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { LoadingIndicator } from "../../../components/LoadingIndicator";
import { useIntlLocale } from "../../../i18n/useIntlLocale";
import { navigate } from "../../../router/navigation";
import { notify, useAppState } from "../../../state/appState";
import type { EventView } from "../eventView";
import { formatPrice, formatTime } from "../formatters";
import { timetableFamily } from "../useTimetable";
import type { CardHandle } from "./CardField";
import { forgetHeldPayment, heldPaymentOf } from "./heldPayments";

const CardField = lazy(() => import("./CardField").then((m) => ({ default: m.CardField })));

interface PendingPaymentProps {
  attendee: string;
  /** The attendee's secret (the scheduling answer's, kept by this browser, or the address's). */
  token: string;
  event: EventView;
  /** The booking no longer awaits payment (paid, given up, run out): read it again. */
  onSettled: () => void;
}

/**
 * A booking awaiting payment, on its own page after a reload or a closed tab: the server reads
 * the payment from Stripe first (a payment that went through meanwhile confirms the booking),
 * then the invitee pays with a card here, or gives the held time up.
 */
export function PendingPayment({ attendee, token, event, onSettled }: PendingPaymentProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const timeFormat = useAppState((state) => state.timeFormat);
  const timeZone = useAppState((state) => state.timeZone);
  const [answer, setAnswer] = useState<PaymentResumeResponse | null>(null);
  const [alert, setAlert] = useState<string>();
  const [cardError, setCardError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const card = useRef<CardHandle | null>(null);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    let gone = false;
    publicApi.post<PaymentResumeResponse>("/payments/stripe/resume", { attendee, token }).then(
      (resumed) => {
        if (gone) return;
        if (resumed.checkout === null) {
          forgetHeldPayment(attendee);
          settled.current();
          return;
        }
        setAnswer(resumed);
      },
      (error) => {
        if (!gone) setAlert(errorMessage(error, t));
      },
    );
    return () => {
      gone = true;
    };
  }, [attendee, token, t]);

  if (!answer?.checkout) {
    return alert ? <Alert message={alert} /> : <LoadingIndicator label={t("payment.checking")} />;
  }
  const checkout = answer.checkout;
  const amount = formatPrice(checkout.amount, checkout.currency, locale);
  const host = event.hosts[0]?.username ?? "";
  const pendingUrl = `/event/${encodeURIComponent(host)}/${encodeURIComponent(event.eventType.slug)}/${encodeURIComponent(event.uuid)}?${new URLSearchParams({ token, payment_intent: checkout.paymentIntent })}`;
  const bookingPath = heldPaymentOf(attendee)?.bookingPath ?? event.eventType.path ?? "/";

  async function release() {
    try {
      await publicApi.delete(pendingUrl);
    } finally {
      forgetHeldPayment(attendee);
      invalidateQueries(timetableFamily);
    }
  }

  async function handlePay() {
    if (!card.current?.complete()) {
      setCardError(t("details.cardRequired"));
      card.current?.focus();
      return;
    }
    setBusy(true);
    setAlert(undefined);
    try {
      const outcome = await card.current
        .confirm(checkout.clientSecret)
        .catch(() => ({ paid: false, reason: null }) as const);
      if (outcome.paid) {
        await publicApi.post("/payments/stripe/return", {
          paymentIntent: checkout.paymentIntent,
          token,
        });
        forgetHeldPayment(attendee);
        settled.current();
        return;
      }
      await release().catch(() => {});
      const query = new URLSearchParams({
        back: bookingPath,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
      });
      navigate(`/event/payment_error?${query}`);
    } catch (error) {
      setAlert(errorMessage(error, t));
      setBusy(false);
    }
  }

  async function handleGiveUp() {
    setBusy(true);
    setAlert(undefined);
    try {
      await release();
      notify(t("payment.givenUp"));
      navigate(bookingPath, { replace: true });
    } catch (error) {
      // Paid meanwhile (409): the booking is confirmed, which a fresh read shows.
      setAlert(errorMessage(error, t));
      setBusy(false);
      settled.current();
    }
  }

  return (
    <section className="flex flex-col gap-4" aria-label={t("payment.resumeTitle")}>
      <p className="text-gray-700">
        {t("payment.pendingMessage", {
          amount,
          time: formatTime(checkout.expiresAt, timeZone, timeFormat, locale),
        })}
      </p>
      <Suspense fallback={null}>
        <CardField
          jsUrl={checkout.jsUrl}
          publishableKey={checkout.publishableKey}
          error={cardError}
          onChange={() => setCardError(undefined)}
          handle={card}
        />
      </Suspense>
      <Alert message={alert} />
      <div className="flex flex-wrap gap-3">
        <Button onClick={handlePay} disabled={busy}>
          {t("payment.pay", { amount })}
        </Button>
        <Button variant="secondary" onClick={handleGiveUp} disabled={busy}>
          {t("payment.giveUp")}
        </Button>
      </div>
    </section>
  );
}
