import {
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { type PaymentFailureReason, paymentFailureReason } from "./paymentFailure";
import { loadStripe, type StripeCardElement, type StripeJs } from "./stripeJs";

/** A confirmed payment, or a failed one and its reason (null: none given). */
export type CardOutcome = { paid: true } | { paid: false; reason: PaymentFailureReason | null };

/** What the booking hook asks of the card field. */
export interface CardHandle {
  /** Whether the invitee has typed a complete card (Stripe.js checks it as they type). */
  complete(): boolean;
  focus(): void;
  /** Confirms the payment with the card, 3-D Secure included: paid, or why not if Stripe says. */
  confirm(clientSecret: string): Promise<CardOutcome>;
}

interface CardFieldProps {
  jsUrl: string;
  publishableKey: string;
  error: string | undefined;
  onChange: () => void;
  handle: Ref<CardHandle | null>;
}

/**
 * The card input of a paid event type's details step: Stripe.js's card element, loaded only
 * here (this module is its own chunk, fetched only for paid types). The card number never
 * touches Slotted: Stripe.js takes it and confirms the payment with Stripe.
 */
export function CardField({ jsUrl, publishableKey, error, onChange, handle }: CardFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripe = useRef<StripeJs | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const complete = useRef(false);
  const [failed, setFailed] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [cardError, setCardError] = useState<string>();
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    let gone = false;
    loadStripe(jsUrl, publishableKey).then(
      (client) => {
        if (gone || !mountRef.current) return;
        stripe.current = client;
        const element = client.elements({ locale: i18n.language }).create("card", {
          hidePostalCode: true,
        });
        element.on("change", (change) => {
          complete.current = change.complete;
          setCardError(change.error?.message);
          changed.current();
        });
        element.mount(mountRef.current);
        card.current = element;
        setMounted(true);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      card.current?.destroy();
      card.current = null;
    };
  }, [jsUrl, publishableKey, i18n.language]);

  useImperativeHandle(
    handle,
    () => ({
      complete: () => complete.current,
      focus: () => card.current?.focus(),
      async confirm(clientSecret) {
        if (!stripe.current || !card.current) return { paid: false, reason: null };
        const result = await stripe.current.confirmCardPayment(clientSecret, {
          payment_method: { card: card.current },
        });
        if (!result.error && result.paymentIntent?.status === "succeeded") return { paid: true };
        return { paid: false, reason: paymentFailureReason(result.error) };
      },
    }),
    [],
  );

  const message = error ?? cardError ?? (failed ? t("details.cardUnavailable") : undefined);
  const invalid = Boolean(error ?? cardError);

  // The state belongs on what a screen reader lands on, not on the fieldset around it: the
  // element Stripe.js mounts (its iframe, or the stand-in's input), named by Stripe.js, is
  // marked invalid and described by the error. Set in the commit, before the form focuses
  // the first invalid field.
  useLayoutEffect(() => {
    // Stripe.js mounts an iframe (beside a hidden input of its own); the stand-in an input.
    const mount = mounted ? mountRef.current : null;
    const focusable = mount?.querySelector("iframe") ?? mount?.querySelector("input");
    if (!focusable) return;
    const set = (name: string, value: string | undefined) =>
      value === undefined ? focusable.removeAttribute(name) : focusable.setAttribute(name, value);
    set("aria-invalid", invalid ? "true" : undefined);
    set("aria-describedby", message ? `${id}-error` : undefined);
  }, [mounted, id, invalid, message]);

  return (
    <fieldset data-field="card" className="flex flex-col gap-1">
      <legend className="mb-1 font-medium text-gray-900">{t("details.card")}</legend>
      <div
        ref={mountRef}
        // The field border of Name and Email: 3:1 against the page, red while in error.
        className={`rounded-lg border px-3 py-3 focus-within:ring-2 focus-within:ring-brand-600 ${
          message ? "border-red-600" : "border-field-border"
        }`}
      />
      {message ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
