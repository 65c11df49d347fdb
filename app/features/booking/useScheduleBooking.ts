import { type FormEvent, type RefObject, useState } from "react";
import { useTranslation } from "react-i18next";
import type { VerifyEmailResponse } from "../../../core/api/events";
import {
  type BookingSource,
  bookingLinkFields,
  publicIdOf,
} from "../../../core/routing/bookingSource";
import { routingResponseField } from "../../../core/routingForms/routeTarget";
import { fieldErrorsOf, hasErrorCode } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { publicApi } from "../../api/publicApi";
import { invalidateQueries } from "../../api/publicQuery";
import { navigate } from "../../router/navigation";
import { sendPageAnalytics } from "../analytics/pageAnalytics";
import { postToParent } from "../embed/embedded";
import type { BookingResponse, PublicEventType } from "./bookingApi";
import { rememberBooking } from "./bookingStore";
import { type DetailsValues, detailsBody, validateDetails } from "./detailsForm";
import type { CardHandle, CardOutcome } from "./payment/CardField";
import { forgetHeldPayment, pendingPathOf, rememberHeldPayment } from "./payment/heldPayments";
import { paymentErrorQuery } from "./payment/paymentFailure";
import { useSlotTaken } from "./useSlotTaken";
import { timetableFamily } from "./useTimetable";

/** One message per form field, in the page's language. */
export type FieldMessages = Record<string, string>;

interface ScheduleBookingOptions {
  source: BookingSource;
  eventType: PublicEventType;
  start: string;
  duration: number;
  timeZone: string;
  values: DetailsValues;
  /** Whether a phone field holds a valid number (the phone input reports it). */
  phoneValid: (field: string) => boolean;
  /** The form: its `data-field` wrappers say which server errors it can show by a field. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The time was taken meanwhile: back to the refreshed times. */
  /** The time was refused meanwhile; `notice` says why, in the page's language. */
  onSlotTaken: (notice: string) => void;
  /** A paid event type: the card field, which confirms the payment after booking. */
  card?: RefObject<CardHandle | null> | undefined;
  /** A paid event type with terms: whether the invitee accepted them. */
  termsAccepted?: boolean | undefined;
  /** A recurring event type: how many meetings of the series (1: a single one). */
  occurrences?: number | undefined;
}

/** Where a booked invitee's confirmation page is. */
export function confirmationPath(
  source: BookingSource,
  eventType: PublicEventType,
  attendeeUuid: string,
): string {
  if (source.kind === "singleUse") {
    return `/S/${encodeURIComponent(source.singleUseLink)}/booked/${attendeeUuid}`;
  }
  const owner = source.kind === "user" ? source.userLink : eventType.owner.slug;
  return `/${encodeURIComponent(owner)}/${encodeURIComponent(eventType.slug)}/${attendeeUuid}`;
}

/**
 * Booking from the details form: checks the form, asks for an email code when the event type
 * wants one, schedules, and on success remembers the booking, tells the embedding page and
 * goes to the confirmation. A taken time goes back to the times; server field errors show by
 * their fields (the first one focused), others in the alert.
 */
export function useScheduleBooking({
  source,
  eventType,
  start,
  duration,
  timeZone,
  values,
  phoneValid,
  formRef,
  onSlotTaken,
  card,
  termsAccepted,
  occurrences = 1,
}: ScheduleBookingOptions) {
  const { t, i18n } = useTranslation();
  const [errors, setErrors] = useState<FieldMessages>({});
  const [alert, setAlert] = useState<string>();
  const [pending, setPending] = useState(false);
  const [codeStep, setCodeStep] = useState<{ expiresIn: number } | null>(null);
  const handleSlotTaken = useSlotTaken(onSlotTaken);

  function clearError(field: string) {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _fixed, ...rest } = current;
      return rest;
    });
  }

  function showErrors(messages: FieldMessages) {
    setErrors(messages);
    setAlert(t("errors.checkFields"));
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      // A group (choices, phone) is not focusable itself: its first input is. Stripe.js's card
      // iframe is focused through Stripe.js, which puts focus on the card number inside.
      if (invalid instanceof HTMLIFrameElement) return card?.current?.focus();
      const target =
        invalid instanceof HTMLFieldSetElement ? invalid.querySelector("input") : invalid;
      target?.focus();
    });
  }

  function requestBody(emailCode?: string) {
    return {
      ...bookingLinkFields(source),
      start,
      duration,
      timezone: timeZone,
      ...detailsBody(eventType, values),
      language: i18n.language,
      ...(emailCode ? { emailCode } : {}),
      ...(occurrences > 1 ? { occurrences } : {}),
      ...routingResponseField(window.location.search),
      ...(termsAccepted ? { paymentTermsAccepted: true } : {}),
    };
  }

  /** Shows a failed call: by the fields the form has, else in the alert. */
  function handleFailure(error: unknown): void {
    // A series stays on the form: the message names the meeting that does not fit, and fewer
    // meetings or another first time may.
    if (occurrences > 1 && hasErrorCode(error, "SLOT_NOT_AVAILABLE_ANYMORE")) {
      setAlert(errorMessage(error, t));
      return;
    }
    if (handleSlotTaken(error)) return;
    const shown: FieldMessages = {};
    const unshown: string[] = [];
    for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
      const name = field.replace(/\.\d+$/, "");
      if (formRef.current?.querySelector(`[data-field="${name}"]`)) {
        shown[name] = messages.join(", ");
      } else {
        unshown.push(...messages);
      }
    }
    if (Object.keys(shown).length > 0) {
      showErrors(shown);
      if (unshown.length > 0) setAlert(unshown.join(", "));
      return;
    }
    setAlert(errorMessage(error, t));
  }

  /** Books the time; with `emailCode`, a wrong code is thrown back to the code step. */
  async function schedule(emailCode?: string): Promise<void> {
    setPending(true);
    setAlert(undefined);
    try {
      const booked = await publicApi.post<BookingResponse>("/event", requestBody(emailCode));
      rememberBooking(booked);
      // A paid booking holds its time until the card is paid; the indicator stays on.
      const payment = booked.checkout ? booked.event.payment : undefined;
      if (payment) {
        // Kept where a reload or a closed tab finds it: the held time's page resumes the payment.
        const own = confirmationPath(source, eventType, booked.attendee.uuid);
        rememberHeldPayment({
          bookingPath: window.location.pathname,
          pendingPath: pendingPathOf(own, booked.attendee.token ?? ""),
          attendee: booked.attendee.uuid,
          token: booked.attendee.token ?? "",
          eventUuid: booked.event.uuid,
          start: booked.event.start,
          expiresAt: payment.expiresAt,
        });
        const paid = await pay(booked, payment);
        forgetHeldPayment(booked.attendee.uuid);
        if (!paid) return;
      }
      postToParent("event_scheduled", {
        event: { uuid: booked.event.uuid },
        invitee: { uuid: booked.attendee.uuid },
      });
      sendPageAnalytics(
        { publicId: publicIdOf(source, eventType), action: "event_scheduled" },
        true,
      );
      invalidateQueries(timetableFamily);
      navigate(confirmationPath(source, eventType, booked.attendee.uuid), { keepQuery: true });
    } catch (error) {
      setPending(false);
      if (emailCode !== undefined && fieldErrorsOf(error).emailCode) throw error;
      if (emailCode !== undefined) setCodeStep(null);
      handleFailure(error);
    }
  }

  /**
   * Confirms the card payment with Stripe.js (3-D Secure included), then has the server read
   * it (the webhook may be late or missing). A declined card or a cancelled authentication
   * gives the time back and shows the payment-error page; false then.
   */
  async function pay(
    booked: BookingResponse,
    payment: NonNullable<BookingResponse["event"]["payment"]>,
  ): Promise<boolean> {
    const token = booked.attendee.token ?? "";
    const unpaid: CardOutcome = { paid: false, reason: null };
    const outcome: CardOutcome =
      (await card?.current?.confirm(payment.clientSecret).catch(() => unpaid)) ?? unpaid;
    if (outcome.paid) {
      await publicApi.post("/payments/stripe/return", {
        paymentIntent: payment.paymentIntent,
        token,
      });
      return true;
    }
    const owner = source.kind === "user" ? source.userLink : eventType.owner.slug;
    const base = `/${encodeURIComponent(owner)}/${encodeURIComponent(eventType.slug)}`;
    const query = new URLSearchParams({ token, payment_intent: payment.paymentIntent });
    try {
      await publicApi.delete(`/event${base}/${encodeURIComponent(booked.event.uuid)}?${query}`);
    } catch {
      // The hold runs out by itself; the invitee can still try again.
    }
    invalidateQueries(timetableFamily);
    navigate(`${base}/payment_error${paymentErrorQuery(outcome.reason)}`, { keepQuery: true });
    return false;
  }

  /** Mails a code to the invitee's address; the seconds before another may be asked for. */
  async function sendCode(): Promise<number> {
    const answer = await publicApi.post<VerifyEmailResponse>("/event/verify-email", {
      ...bookingLinkFields(source),
      email: values.email.trim(),
      language: i18n.language,
    });
    return answer.CODE_EXPIRES_IN;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateDetails(eventType, values, phoneValid);
    if (termsAccepted === false) found.paymentTermsAccepted = "details.acceptTermsRequired";
    if (card && !card.current?.complete()) found.card = "details.cardRequired";
    if (Object.keys(found).length > 0) {
      showErrors(
        Object.fromEntries(
          Object.entries(found).map(([field, error]) => [
            field,
            typeof error === "string" ? t(error) : t(error.key, error.params),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    if (!eventType.requiresEmailVerification) {
      await schedule();
      return;
    }
    setPending(true);
    setAlert(undefined);
    try {
      setCodeStep({ expiresIn: await sendCode() });
    } catch (error) {
      handleFailure(error);
    } finally {
      setPending(false);
    }
  }

  return {
    errors,
    clearError,
    alert,
    pending,
    codeStep,
    closeCodeStep: () => setCodeStep(null),
    handleSubmit,
    schedule,
    sendCode,
  };
}
