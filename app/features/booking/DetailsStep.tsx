import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { answerOf } from "../../../core/booking/answerOf";
import { needsApproval } from "../../../core/booking/needsApproval";
import type { BookingSource } from "../../../core/routing/bookingSource";
import { isEmailAddress } from "../../../core/validation/emailAddress";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { CheckboxField } from "../../components/CheckboxField";
import { FocusHeading } from "../../components/FocusHeading";
import { TextField } from "../../components/TextField";
import { UserText } from "../../components/UserText";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import { useLocation } from "../../router/navigation";
import { useAppState } from "../../state/appState";
import { useTimeFormat } from "../profile/pageProfile";
import { BackButton } from "./BackButton";
import type { PublicEventType } from "./bookingApi";
import { DetailsPhoneField } from "./DetailsPhoneField";
import {
  type AnswerValue,
  chosenLocation,
  type DetailsValues,
  prefillDetails,
} from "./detailsForm";
import { formatMeetingTime, formatPrice } from "./formatters";
import { GuestsField } from "./GuestsField";
import { LocationField } from "./LocationField";
import { needsInviteePhone } from "./locationText";
import { NameFields } from "./NameFields";
import type { CardHandle } from "./payment/CardField";
import { QuestionField } from "./QuestionField";
import { RecurrenceField } from "./RecurrenceField";
import type { SlotSelection } from "./timetable";
import { timeZoneLabel } from "./timeZoneLabel";
import { useScheduleBooking } from "./useScheduleBooking";

const EmailCodeStep = lazy(() =>
  import("./EmailCodeStep").then((m) => ({ default: m.EmailCodeStep })),
);
// Stripe.js and the card field: fetched only for a paid event type.
const CardField = lazy(() => import("./payment/CardField").then((m) => ({ default: m.CardField })));

interface DetailsStepProps {
  source: BookingSource;
  eventType: PublicEventType;
  selection: SlotSelection;
  duration: number;
  timeZone: string;
  onBack: () => void;
  /** The time was taken meanwhile: back to the refreshed times; `notice` says why. */
  onSlotTaken: (notice: string) => void;
  /** What the invitee typed before going back to change the time, which the form shows again. */
  draft: DetailsValues | null;
  onDraftChange: (values: DetailsValues) => void;
}

/** The details form, the email code step when the event type asks for it, and scheduling. */
export function DetailsStep({
  source,
  eventType,
  selection,
  duration,
  timeZone,
  onBack,
  onSlotTaken,
  draft,
  onDraftChange,
}: DetailsStepProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { search } = useLocation();
  const timeFormat = useTimeFormat();
  const now = useAppState((state) => state.serverDate);
  const [values, setValues] = useState<DetailsValues>(
    () => draft ?? prefillDetails(search, eventType),
  );
  useEffect(() => onDraftChange(values), [values, onDraftChange]);
  const phoneValidity = useRef(new Map<string, boolean>());
  const formRef = useRef<HTMLFormElement>(null);
  const cardRef = useRef<CardHandle | null>(null);
  const payment = eventType.payment ?? null;
  const [termsAccepted, setTermsAccepted] = useState(false);
  const recurrence = eventType.recurrence ?? null;
  // Said before submitting: always, or once the typed address is one the rule asks about.
  const approval = eventType.approval ?? null;
  const typed = values.email.trim();
  const awaitsApproval =
    approval !== null &&
    (approval.scope === "EVERYONE" ||
      (isEmailAddress(typed) &&
        needsApproval(
          { requiresApproval: true, approvalScope: approval.scope },
          typed,
          approval.hostDomains,
        )));
  const [occurrences, setOccurrences] = useState(1);
  const headingId = useId();
  const booking = useScheduleBooking({
    source,
    eventType,
    start: selection.slot.start,
    duration,
    timeZone,
    values,
    phoneValid: (field) => phoneValidity.current.get(field) ?? false,
    formRef,
    onSlotTaken,
    card: payment ? cardRef : undefined,
    termsAccepted: payment?.terms ? termsAccepted : undefined,
    occurrences,
  });
  const { errors, clearError } = booking;
  // A paid event type on a server without payments: the server would refuse the booking.
  const unbookable = eventType.bookable === false;

  const start = selection.slot.start;
  const end = new Date(Date.parse(start) + duration * 60_000).toISOString();
  const when = formatMeetingTime(start, end, timeZone, timeFormat, locale);
  const location = chosenLocation(eventType, values);

  function update(field: string, patch: Partial<DetailsValues>) {
    setValues((current) => ({ ...current, ...patch }));
    clearError(field);
  }
  function setAnswer(id: string, value: AnswerValue) {
    setValues((current) => ({ ...current, answers: { ...current.answers, [id]: value } }));
    clearError(`answers.${id}`);
  }

  if (booking.codeStep) {
    return (
      <Suspense fallback={null}>
        <EmailCodeStep
          email={values.email.trim()}
          expiresIn={booking.codeStep.expiresIn}
          onResend={booking.sendCode}
          onSubmit={booking.schedule}
          onBack={booking.closeCodeStep}
        />
      </Suspense>
    );
  }

  const phoneField = (
    field: string,
    label: string,
    value: string,
    required: boolean,
    onValue: (v: string) => void,
    hint?: string,
  ) => (
    <DetailsPhoneField
      field={field}
      label={label}
      value={value}
      required={required}
      timeZone={timeZone}
      error={errors[field]}
      hint={hint}
      onChange={(next, valid) => {
        phoneValidity.current.set(field, valid);
        onValue(next);
        clearError(field);
      }}
    />
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <BackButton onBack={onBack} />
        <FocusHeading
          level={2}
          id={headingId}
          title={t("details.title")}
          className="text-xl font-bold text-gray-900"
        />
        <p className="rounded-lg bg-brand-600/10 px-3 py-2 text-gray-900">
          <span className="font-semibold">{when.times}</span>, {when.date}
          <br />
          <span className="text-sm text-gray-700">{timeZoneLabel(timeZone, now, locale)}</span>
          {eventType.price ? (
            <>
              <br />
              <span className="font-semibold">
                {formatPrice(eventType.price.amount, eventType.price.currency, locale)}
              </span>
            </>
          ) : null}
        </p>
      </div>
      <form
        ref={formRef}
        noValidate
        onSubmit={booking.handleSubmit}
        className="flex flex-col gap-4"
      >
        <Alert
          message={booking.alert ?? (unbookable ? t("details.paymentsUnavailable") : undefined)}
        />
        <NameFields
          eventType={eventType}
          values={values}
          errors={errors}
          onChange={(field, value) => update(field, { [field]: value })}
        />
        <div data-field="email">
          <TextField
            label={t("details.email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            errors={errors.email ? [errors.email] : []}
            onChange={(event) => update("email", { email: event.target.value })}
          />
        </div>
        <GuestsField
          value={values.guests}
          error={errors.guests}
          onChange={(guests) => update("guests", { guests })}
        />
        <LocationField
          eventType={eventType}
          value={values.location}
          error={errors.location}
          onChange={(index) => update("location", { location: index })}
        />
        {location && needsInviteePhone(location)
          ? phoneField("location.value", t("details.yourPhone"), values.locationPhone, true, (v) =>
              setValues((current) => ({ ...current, locationPhone: v })),
            )
          : null}
        {eventType.questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            value={answerOf(values.answers, question.id)}
            error={errors[`answers.${question.id}`]}
            onChange={(value) => setAnswer(question.id, value)}
            renderPhone={(value, onValue) =>
              phoneField(
                `answers.${question.id}`,
                question.label,
                value,
                question.required,
                onValue,
              )
            }
          />
        ))}
        {eventType.textsInvitee ? (
          <>
            {phoneField(
              "phone",
              t("details.smsPhone"),
              values.phone,
              values.smsConsent,
              (phone) => setValues((current) => ({ ...current, phone })),
              t("details.smsPhoneHint"),
            )}
            <div data-field="smsConsent">
              <CheckboxField
                label={t("details.smsConsent")}
                name="smsConsent"
                checked={values.smsConsent}
                onChange={(smsConsent) => update("phone", { smsConsent })}
              />
            </div>
          </>
        ) : null}
        {awaitsApproval ? (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-gray-900">
            {t("details.needsApproval")}
          </p>
        ) : null}
        {recurrence ? (
          <RecurrenceField
            recurrence={recurrence}
            start={start}
            duration={duration}
            timeZone={timeZone}
            timeFormat={timeFormat}
            value={occurrences}
            error={errors.occurrences}
            locale={locale}
            onChange={(count) => {
              setOccurrences(count);
              clearError("occurrences");
            }}
          />
        ) : null}
        {payment?.terms ? (
          <div data-field="paymentTermsAccepted" className="flex flex-col gap-2">
            <UserText as="p" className="whitespace-pre-line break-words text-sm text-gray-700">
              {payment.terms}
            </UserText>
            <CheckboxField
              label={t("details.acceptTerms")}
              checked={termsAccepted}
              required
              errors={errors.paymentTermsAccepted ? [errors.paymentTermsAccepted] : []}
              onChange={(checked) => {
                setTermsAccepted(checked);
                clearError("paymentTermsAccepted");
              }}
            />
          </div>
        ) : null}
        {payment ? (
          <Suspense fallback={null}>
            <CardField
              jsUrl={payment.jsUrl}
              publishableKey={payment.publishableKey}
              error={errors.card}
              onChange={() => clearError("card")}
              handle={cardRef}
            />
          </Suspense>
        ) : null}
        <Button type="submit" disabled={booking.pending || unbookable} className="mt-2 self-start">
          {booking.pending
            ? t("details.scheduling")
            : eventType.requiresEmailVerification
              ? t("details.continue")
              : t("details.schedule")}
        </Button>
      </form>
    </section>
  );
}
