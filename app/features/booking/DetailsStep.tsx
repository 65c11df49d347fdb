import { type FormEvent, lazy, type ReactNode, Suspense, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { answerOf } from "../../../core/booking/answerOf";
import { SALUTATIONS } from "../../../core/booking/bookingLimits";
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX } from "../../../core/eventTypes/textLimits";
import { ApiError } from "../../api/apiClient";
import { errorMessage } from "../../api/errorMessage";
import { publicApi } from "../../api/publicApi";
import { invalidateQueries } from "../../api/publicQuery";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { CheckboxField } from "../../components/CheckboxField";
import { ChoiceGroup } from "../../components/ChoiceGroup";
import { FocusHeading } from "../../components/FocusHeading";
import { SelectField } from "../../components/SelectField";
import { TextAreaField } from "../../components/TextAreaField";
import { TextField } from "../../components/TextField";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import { navigate, useLocation } from "../../router/navigation";
import { notify, useAppState } from "../../state/appState";
import { sendPageAnalytics } from "../analytics/pageAnalytics";
import { postToParent } from "../embed/embedded";
import { BackButton } from "./BackButton";
import type { BookingResponse, PublicEventType, PublicQuestion } from "./bookingApi";
import { type BookingSource, bookingLinkFields, publicIdOf } from "./bookingSource";
import { rememberBooking } from "./bookingStore";
import {
  type AnswerValue,
  chosenLocation,
  type DetailsValues,
  detailsBody,
  prefillDetails,
  validateDetails,
} from "./detailsForm";
import { formatMeetingTime } from "./formatters";
import { needsInviteePhone, offeredLocationText } from "./locationText";
import type { SlotSelection } from "./timetable";
import { timeZoneLabel } from "./timeZoneLabel";

const PhoneField = lazy(() => import("./PhoneField").then((m) => ({ default: m.PhoneField })));
const EmailCodeStep = lazy(() =>
  import("./EmailCodeStep").then((m) => ({ default: m.EmailCodeStep })),
);

interface DetailsStepProps {
  source: BookingSource;
  eventType: PublicEventType;
  selection: SlotSelection;
  duration: number;
  timeZone: string;
  onBack: () => void;
  /** The time was taken meanwhile: back to the refreshed times. */
  onSlotTaken: () => void;
}

type FieldMessages = Record<string, string>;

/** Where a booked invitee's confirmation page is. */
export function confirmationPath(
  source: BookingSource,
  eventType: PublicEventType,
  attendeeUuid: string,
): string {
  const owner = source.kind === "user" ? source.userLink : eventType.owner.slug;
  return `/${encodeURIComponent(owner)}/${encodeURIComponent(eventType.slug)}/${attendeeUuid}`;
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
}: DetailsStepProps) {
  const { t, i18n } = useTranslation();
  const locale = useIntlLocale();
  const { search } = useLocation();
  const timeFormat = useAppState((state) => state.timeFormat);
  const now = useAppState((state) => state.serverDate);
  const [values, setValues] = useState<DetailsValues>(() => prefillDetails(search, eventType));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [alert, setAlert] = useState<string>();
  const [pending, setPending] = useState(false);
  // A paid event type on a server without payments: the server would refuse the booking.
  const unbookable = eventType.bookable === false;
  const [codeStep, setCodeStep] = useState<{ expiresIn: number } | null>(null);
  const phoneValidity = useRef(new Map<string, boolean>());
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();

  const start = selection.slot.start;
  const end = new Date(Date.parse(start) + duration * 60_000).toISOString();
  const when = formatMeetingTime(start, end, timeZone, timeFormat, locale);
  const location = chosenLocation(eventType, values);

  function update(patch: Partial<DetailsValues>) {
    setValues((current) => ({ ...current, ...patch }));
  }
  function setAnswer(id: string, value: AnswerValue) {
    setValues((current) => ({ ...current, answers: { ...current.answers, [id]: value } }));
    clearError(`answers.${id}`);
  }
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
      // A group (choices, phone) is not focusable itself: its first input is.
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
    };
  }

  /** Handles a failed call; true when it was a field error the form shows. */
  function handleFailure(error: unknown): boolean {
    if (error instanceof ApiError && error.code === "SLOT_NOT_AVAILABLE_ANYMORE") {
      notify(t("booking.slotTaken"), "danger");
      invalidateQueries("/timetable");
      onSlotTaken();
      return false;
    }
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
      const shown: FieldMessages = {};
      const unshown: string[] = [];
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
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
        return true;
      }
    }
    setAlert(errorMessage(error, t));
    return false;
  }

  async function schedule(emailCode?: string): Promise<void> {
    setPending(true);
    setAlert(undefined);
    try {
      const booked = await publicApi.post<BookingResponse>("/event", requestBody(emailCode));
      rememberBooking(booked);
      postToParent("event_scheduled", {
        event: { uuid: booked.event.uuid },
        invitee: { uuid: booked.attendee.uuid },
      });
      sendPageAnalytics(
        {
          publicId: publicIdOf(source, eventType),
          action: "event_scheduled",
        },
        true,
      );
      invalidateQueries("/timetable");
      navigate(confirmationPath(source, eventType, booked.attendee.uuid), { keepQuery: true });
    } catch (error) {
      setPending(false);
      if (emailCode !== undefined && error instanceof ApiError && error.fieldErrors.emailCode) {
        throw error;
      }
      if (emailCode !== undefined) setCodeStep(null);
      handleFailure(error);
    }
  }

  async function sendCode(): Promise<number> {
    const answer = await publicApi.post<{ CODE_EXPIRES_IN: number }>("/event/verify-email", {
      ...bookingLinkFields(source),
      email: values.email.trim(),
      language: i18n.language,
    });
    return answer.CODE_EXPIRES_IN;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateDetails(
      eventType,
      values,
      (field) => phoneValidity.current.get(field) ?? false,
    );
    if (Object.keys(found).length > 0) {
      showErrors(Object.fromEntries(Object.entries(found).map(([f, key]) => [f, t(key)])));
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

  if (codeStep) {
    return (
      <Suspense fallback={null}>
        <EmailCodeStep
          email={values.email.trim()}
          expiresIn={codeStep.expiresIn}
          onResend={sendCode}
          onSubmit={schedule}
          onBack={() => setCodeStep(null)}
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
  ) => (
    <div data-field={field}>
      <Suspense fallback={<div className="h-[4.5rem]" />}>
        <PhoneField
          label={label}
          name={field}
          value={value}
          timeZone={timeZone}
          required={required}
          error={errors[field]}
          onChange={(next, valid) => {
            phoneValidity.current.set(field, valid);
            onValue(next);
            clearError(field);
          }}
        />
      </Suspense>
    </div>
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
        </p>
      </div>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <Alert message={alert ?? (unbookable ? t("details.paymentsUnavailable") : undefined)} />
        {eventType.askSalutation ? (
          <div data-field="salutation">
            <SelectField
              label={t("details.salutation")}
              name="salutation"
              value={values.salutation}
              onChange={(event) => update({ salutation: event.target.value })}
              options={[
                { value: "", label: t("details.salutationNone") },
                ...SALUTATIONS.map((value) => ({
                  value,
                  label: t(`details.salutations.${value}`),
                })),
              ]}
            />
          </div>
        ) : null}
        {eventType.askFirstLastName ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div data-field="firstName">
              <TextField
                label={t("details.firstName")}
                name="firstName"
                autoComplete="given-name"
                required
                value={values.firstName}
                errors={errors.firstName ? [errors.firstName] : []}
                onChange={(event) => {
                  update({ firstName: event.target.value });
                  clearError("firstName");
                }}
              />
            </div>
            <div data-field="lastName">
              <TextField
                label={t("details.lastName")}
                name="lastName"
                autoComplete="family-name"
                required
                value={values.lastName}
                errors={errors.lastName ? [errors.lastName] : []}
                onChange={(event) => {
                  update({ lastName: event.target.value });
                  clearError("lastName");
                }}
              />
            </div>
          </div>
        ) : (
          <div data-field="name">
            <TextField
              label={t("details.name")}
              name="name"
              autoComplete="name"
              required
              value={values.name}
              errors={errors.name ? [errors.name] : []}
              onChange={(event) => {
                update({ name: event.target.value });
                clearError("name");
              }}
            />
          </div>
        )}
        <div data-field="email">
          <TextField
            label={t("details.email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            errors={errors.email ? [errors.email] : []}
            onChange={(event) => {
              update({ email: event.target.value });
              clearError("email");
            }}
          />
        </div>
        <GuestsField
          value={values.guests}
          error={errors.guests}
          onChange={(guests) => {
            update({ guests });
            clearError("guests");
          }}
        />
        {eventType.locations.length > 1 ? (
          <div data-field="location">
            <ChoiceGroup
              legend={t("details.location")}
              multiple={false}
              required
              name="location"
              options={eventType.locations.map((offered, index) => ({
                value: String(index),
                label: offeredLocationText(offered, t),
              }))}
              value={values.location === null ? [] : [String(values.location)]}
              error={errors.location}
              onChange={([index]) => {
                update({ location: Number(index) });
                clearError("location");
              }}
            />
          </div>
        ) : null}
        {location && needsInviteePhone(location)
          ? phoneField("location.value", t("details.yourPhone"), values.locationPhone, true, (v) =>
              update({ locationPhone: v }),
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
        <Button type="submit" disabled={pending || unbookable} className="mt-2 self-start">
          {pending
            ? t("details.scheduling")
            : eventType.requiresEmailVerification
              ? t("details.continue")
              : t("details.schedule")}
        </Button>
      </form>
    </section>
  );
}

function GuestsField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(value !== "");
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center self-start rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-600/10"
      >
        {t("details.addGuests")}
      </button>
    );
  }
  return (
    <div data-field="guests">
      <TextAreaField
        label={t("details.guests")}
        name="guests"
        rows={2}
        autoFocus
        value={value}
        error={error}
        hint={t("details.guestsHint")}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

interface QuestionFieldProps {
  question: PublicQuestion;
  value: AnswerValue | undefined;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
  renderPhone: (value: string, onValue: (value: string) => void) => ReactNode;
}

function QuestionField({ question, value, error, onChange, renderPhone }: QuestionFieldProps) {
  const { t } = useTranslation();
  const field = `answers.${question.id}`;
  const text = typeof value === "string" ? value : "";
  const label = question.required
    ? question.label
    : t("details.optional", { label: question.label });
  switch (question.type) {
    case "SHORT_TEXT":
      return (
        <div data-field={field}>
          <TextField
            label={label}
            name={field}
            required={question.required}
            maxLength={SHORT_ANSWER_MAX}
            value={text}
            errors={error ? [error] : []}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      );
    case "LONG_TEXT":
      return (
        <div data-field={field}>
          <TextAreaField
            label={label}
            name={field}
            required={question.required}
            maxLength={LONG_ANSWER_MAX}
            rows={4}
            value={text}
            error={error}
            hint={t("details.characters", { count: text.length, max: LONG_ANSWER_MAX })}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      );
    case "SINGLE_CHOICE":
    case "MULTIPLE_CHOICE":
      return (
        <div data-field={field}>
          <ChoiceGroup
            legend={label}
            multiple={question.type === "MULTIPLE_CHOICE"}
            required={question.required}
            name={field}
            options={question.options.map((option) => ({ value: option, label: option }))}
            value={Array.isArray(value) ? value : text ? [text] : []}
            error={error}
            onChange={(chosen) =>
              onChange(question.type === "MULTIPLE_CHOICE" ? chosen : (chosen[0] ?? ""))
            }
          />
        </div>
      );
    case "CHECKBOX":
      return (
        <div data-field={field}>
          <CheckboxField
            label={label}
            name={field}
            required={question.required}
            checked={value === true}
            error={error}
            onChange={onChange}
          />
        </div>
      );
    case "PHONE":
      return renderPhone(text, onChange);
  }
}
