import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { APPROVAL_SCOPES, type ApprovalScope } from "../../../../core/booking/needsApproval";
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_SLUG_MAX,
  EVENT_TITLE_MAX,
} from "../../../../core/eventTypes/textLimits";
import type { FieldErrors } from "../../../api/apiClient";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { CheckboxField } from "../../../components/CheckboxField";
import { SelectField } from "../../../components/SelectField";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import { isolateText } from "../../../components/UserText";
import { focusFirstError, withoutErrorsOf } from "../../../lib/focusFirstError";
import type { EventTypeFields, Schedule, Team } from "../api/types";
import { Card } from "../ui/Card";
import { NumberField } from "../ui/NumberField";
import { StickySaveBar } from "../ui/StickySaveBar";
import { DurationsEditor } from "./DurationsEditor";
import { eventTypePayload, slugify, TEAM_KINDS } from "./eventTypeDraft";
import { HostGroupsEditor, HostsEditor } from "./HostsEditor";
import { LocationsEditor } from "./LocationsEditor";
import { MinutesField } from "./MinutesField";
import { PaymentEditor } from "./PaymentEditor";
import { QuestionsEditor } from "./QuestionsEditor";
import { RecurrenceEditor } from "./RecurrenceEditor";
import { RemindersEditor } from "./RemindersEditor";

// Error paths the form shows beside a field; anything else goes to the alert at the top.
const SHOWN = [
  /^(title|slug|description|duration|durations|scheduleId|bufferBefore|bufferAfter|minimumNotice|maxDaysAhead|slotStep|dailyLimit|weeklyLimit|monthlyLimit|dailyDurationLimit|weeklyDurationLimit|cancelNotice|rescheduleNotice|approvalDeadline|recurrence|seats|redirectUrl|redirectSeconds|hosts|hostGroups|questions|locations|price|reminders|reminderText)$/,
  /^reminders\.\d+\.(minutesBefore|to)$/,
  /^followUp\.(minutesAfter|text)$/,
  /^locations\.\d+\.options\.(address|custom|url|direction|phone)$/,
  /^questions\.\d+\.(label|type|options)(\.\d+)?$/,
  /^hostGroups\.\d+\.userIds$/,
  /^recurrence\.(everyWeeks|maxOccurrences)$/,
  /^price\.(amount|currency)$/,
];

interface EventTypeFormProps {
  initial: EventTypeFields;
  /** Where the event type is booked, when it exists; else built from username and slug. */
  url: string | null;
  username: string;
  team: Team | null;
  schedules: readonly Schedule[];
  isNew: boolean;
  submitLabel: string;
  onSubmit: (fields: EventTypeFields) => Promise<unknown>;
}

/** Every field of an event type of any kind, with the API's field errors beside each field. */
export function EventTypeForm({
  initial,
  url,
  username,
  team,
  schedules,
  isNew,
  submitLabel,
  onSubmit,
}: EventTypeFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const [slugTouched, setSlugTouched] = useState(!isNew);
  const [focusError, setFocusError] = useState(0);

  useEffect(() => {
    if (focusError > 0) focusFirstError(formRef.current);
  }, [focusError]);

  // A field's error goes as soon as the field is changed; the next save checks it again.
  const update = (patch: Partial<EventTypeFields>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => withoutErrorsOf(e, Object.keys(patch)));
  };
  const section = { draft, update, errors };
  const isTeam = TEAM_KINDS.includes(draft.kind);
  const link =
    url ?? (isTeam ? null : `${window.location.origin}/${username}/${draft.slug || "…"}`);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setFailure(undefined);
    try {
      await onSubmit(eventTypePayload(draft));
      setErrors({});
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      const unshown = Object.entries(fields)
        .filter(([path]) => !SHOWN.some((pattern) => pattern.test(path)))
        .flatMap(([, messages]) => messages);
      setFailure(
        Object.keys(fields).length === 0
          ? errorMessage(error, t)
          : [t("errors.checkFields"), ...unshown].join(" "),
      );
      setFocusError((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  const scheduleOptions = [
    {
      value: "",
      label: isTeam
        ? t("dashboard.scheduling.eachHostDefault")
        : t("dashboard.scheduling.defaultSchedule"),
    },
    ...schedules.map((s) => ({ value: s.id, label: s.name })),
  ];

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-6">
      <div tabIndex={-1} className="outline-none">
        <Alert message={failure} />
      </div>
      <Card title={t("dashboard.eventForm.basics")}>
        {team ? (
          <p className="text-sm text-gray-700">
            {t("dashboard.eventForm.ownedByTeam", { team: isolateText(team.name) })}
          </p>
        ) : null}
        <TextField
          label={t("dashboard.eventForm.title")}
          value={draft.title}
          required
          maxLength={EVENT_TITLE_MAX}
          onChange={(event) => {
            const title = event.target.value;
            update(slugTouched ? { title } : { title, slug: slugify(title) });
          }}
          errors={errors.title}
        />
        <TextField
          label={t("dashboard.eventForm.slug")}
          value={draft.slug}
          required
          autoCapitalize="none"
          spellCheck={false}
          maxLength={EVENT_SLUG_MAX}
          onChange={(event) => {
            setSlugTouched(true);
            update({ slug: event.target.value.toLowerCase() });
          }}
          errors={errors.slug}
          hint={
            link ? (
              <>
                {t("dashboard.eventForm.link")}{" "}
                <bdi className="font-medium break-all text-gray-800">{link}</bdi>
              </>
            ) : (
              t("dashboard.eventForm.sharedLinkOnSave")
            )
          }
        />
        <TextAreaField
          label={t("dashboard.eventForm.description")}
          value={draft.description}
          maxLength={EVENT_DESCRIPTION_MAX}
          onChange={(event) => update({ description: event.target.value })}
          errors={errors.description}
        />
        <CheckboxField
          asSwitch
          label={t("dashboard.eventForm.active")}
          hint={t("dashboard.eventForm.activeHint")}
          checked={draft.active}
          onChange={(active) => update({ active })}
        />
        <CheckboxField
          label={t("dashboard.eventForm.hidden")}
          hint={t("dashboard.eventForm.hiddenHint")}
          checked={draft.hidden}
          onChange={(hidden) => update({ hidden })}
        />
      </Card>

      <DurationsEditor {...section} />
      <LocationsEditor {...section} />

      {draft.kind === "COLLECTIVE" || draft.kind === "ROUND_ROBIN" ? (
        <HostsEditor {...section} members={team?.members ?? []} />
      ) : null}
      {draft.kind === "FLEXI" ? (
        <HostGroupsEditor {...section} members={team?.members ?? []} />
      ) : null}

      <Card
        title={t("dashboard.scheduling.title")}
        description={t("dashboard.scheduling.description")}
      >
        <SelectField
          label={t("dashboard.scheduling.schedule")}
          value={draft.scheduleId ?? ""}
          options={scheduleOptions}
          onChange={(event) => update({ scheduleId: event.target.value || null })}
          errors={errors.scheduleId}
          hint={isTeam ? t("dashboard.scheduling.teamScheduleHint") : undefined}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <MinutesField
            label={t("dashboard.scheduling.bufferBefore")}
            value={draft.bufferBefore}
            onChange={(bufferBefore) => update({ bufferBefore })}
            errors={errors.bufferBefore}
          />
          <MinutesField
            label={t("dashboard.scheduling.bufferAfter")}
            value={draft.bufferAfter}
            onChange={(bufferAfter) => update({ bufferAfter })}
            errors={errors.bufferAfter}
          />
          <MinutesField
            label={t("dashboard.scheduling.minimumNotice")}
            hint={t("dashboard.scheduling.minimumNoticeHint")}
            value={draft.minimumNotice}
            onChange={(minimumNotice) => update({ minimumNotice })}
            errors={errors.minimumNotice}
          />
          <NumberField
            label={t("dashboard.scheduling.maxDaysAhead")}
            hint={t("dashboard.scheduling.maxDaysAheadHint")}
            unit={t("dashboard.common.days")}
            min={0}
            max={730}
            value={draft.maxDaysAhead}
            onChange={(maxDaysAhead) => update({ maxDaysAhead })}
            errors={errors.maxDaysAhead}
          />
          <NumberField
            label={t("dashboard.scheduling.slotStep")}
            hint={t("dashboard.scheduling.slotStepHint")}
            unit={t("dashboard.common.minutes")}
            min={5}
            max={720}
            value={draft.slotStep}
            onChange={(slotStep) => update({ slotStep })}
            errors={errors.slotStep}
          />
          <NumberField
            label={t("dashboard.scheduling.dailyLimit")}
            hint={t("dashboard.scheduling.dailyLimitHint")}
            min={1}
            max={1000}
            value={draft.dailyLimit}
            onChange={(dailyLimit) => update({ dailyLimit })}
            errors={errors.dailyLimit}
          />
          <NumberField
            label={t("dashboard.scheduling.weeklyLimit")}
            hint={t("dashboard.scheduling.limitHint")}
            min={1}
            max={5000}
            value={draft.weeklyLimit}
            onChange={(weeklyLimit) => update({ weeklyLimit })}
            errors={errors.weeklyLimit}
          />
          <NumberField
            label={t("dashboard.scheduling.monthlyLimit")}
            hint={t("dashboard.scheduling.limitHint")}
            min={1}
            max={20000}
            value={draft.monthlyLimit}
            onChange={(monthlyLimit) => update({ monthlyLimit })}
            errors={errors.monthlyLimit}
          />
          <NumberField
            label={t("dashboard.scheduling.dailyDurationLimit")}
            hint={t("dashboard.scheduling.limitHint")}
            unit={t("dashboard.common.minutes")}
            min={5}
            max={1440}
            value={draft.dailyDurationLimit}
            onChange={(dailyDurationLimit) => update({ dailyDurationLimit })}
            errors={errors.dailyDurationLimit}
          />
          <NumberField
            label={t("dashboard.scheduling.weeklyDurationLimit")}
            hint={t("dashboard.scheduling.weekHint")}
            unit={t("dashboard.common.minutes")}
            min={5}
            max={10080}
            value={draft.weeklyDurationLimit}
            onChange={(weeklyDurationLimit) => update({ weeklyDurationLimit })}
            errors={errors.weeklyDurationLimit}
          />
          {draft.kind === "GROUP" ? (
            <NumberField
              label={t("dashboard.scheduling.seats")}
              hint={t("dashboard.scheduling.seatsHint")}
              min={2}
              max={10000}
              value={draft.seats}
              onChange={(seats) => update({ seats })}
              errors={errors.seats}
            />
          ) : null}
        </div>
        <CheckboxField
          label={t("dashboard.scheduling.lockTimeZone")}
          hint={t("dashboard.scheduling.lockTimeZoneHint")}
          checked={draft.lockTimeZone}
          onChange={(lockTimeZone) => update({ lockTimeZone })}
        />
      </Card>

      <Card
        title={t("dashboard.inviteeChanges.title")}
        description={t("dashboard.inviteeChanges.description")}
      >
        <CheckboxField
          label={t("dashboard.inviteeChanges.allowCancel")}
          checked={draft.allowCancel}
          onChange={(allowCancel) => update({ allowCancel })}
        />
        {draft.allowCancel ? (
          <MinutesField
            label={t("dashboard.inviteeChanges.cancelNotice")}
            hint={t("dashboard.inviteeChanges.noticeHint")}
            value={draft.cancelNotice}
            onChange={(cancelNotice) => update({ cancelNotice })}
            errors={errors.cancelNotice}
          />
        ) : null}
        <CheckboxField
          label={t("dashboard.inviteeChanges.allowReschedule")}
          checked={draft.allowReschedule}
          onChange={(allowReschedule) => update({ allowReschedule })}
        />
        {draft.allowReschedule ? (
          <MinutesField
            label={t("dashboard.inviteeChanges.rescheduleNotice")}
            hint={t("dashboard.inviteeChanges.noticeHint")}
            value={draft.rescheduleNotice}
            onChange={(rescheduleNotice) => update({ rescheduleNotice })}
            errors={errors.rescheduleNotice}
          />
        ) : null}
      </Card>

      <RecurrenceEditor {...section} />
      <QuestionsEditor {...section} />
      <PaymentEditor {...section} />
      <RemindersEditor {...section} />

      <Card title={t("dashboard.confirmation.title")}>
        <CheckboxField
          label={t("dashboard.confirmation.emailVerification")}
          hint={t("dashboard.confirmation.emailVerificationHint")}
          checked={draft.requiresEmailVerification}
          onChange={(requiresEmailVerification) => update({ requiresEmailVerification })}
        />
        <CheckboxField
          label={t("dashboard.confirmation.requiresApproval")}
          hint={t("dashboard.confirmation.requiresApprovalHint")}
          checked={draft.requiresApproval}
          onChange={(requiresApproval) => update({ requiresApproval })}
        />
        {draft.requiresApproval ? (
          <SelectField
            label={t("dashboard.confirmation.approvalScope")}
            options={APPROVAL_SCOPES.map((scope) => ({
              value: scope,
              label: t(`dashboard.confirmation.approvalScopes.${scope}`),
            }))}
            value={draft.approvalScope ?? "EVERYONE"}
            onChange={(event) => update({ approvalScope: event.target.value as ApprovalScope })}
          />
        ) : null}
        {draft.requiresApproval ? (
          <MinutesField
            label={t("dashboard.confirmation.approvalDeadline")}
            hint={t("dashboard.confirmation.approvalDeadlineHint")}
            value={draft.approvalDeadline}
            onChange={(approvalDeadline) => update({ approvalDeadline })}
            errors={errors.approvalDeadline}
          />
        ) : null}
        <TextField
          label={t("dashboard.confirmation.redirectUrl")}
          hint={t("dashboard.confirmation.redirectUrlHint")}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.redirectUrl ?? ""}
          onChange={(event) => update({ redirectUrl: event.target.value || null })}
          errors={errors.redirectUrl}
        />
        <NumberField
          label={t("dashboard.confirmation.redirectSeconds")}
          hint={t("dashboard.confirmation.redirectSecondsHint")}
          unit={t("dashboard.common.seconds")}
          min={0}
          max={120}
          value={draft.redirectSeconds}
          onChange={(redirectSeconds) => update({ redirectSeconds })}
          errors={errors.redirectSeconds}
        />
      </Card>

      <StickySaveBar>
        <Button type="submit" disabled={pending}>
          {pending ? t("dashboard.common.saving") : submitLabel}
        </Button>
      </StickySaveBar>
    </form>
  );
}
