import { useTranslation } from "react-i18next";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { NumberField } from "../../../components/NumberField";
import { SelectField } from "../../../components/SelectField";
import type { Schedule } from "../api/types";
import type { SectionProps } from "./editorTypes";
import { MinutesField } from "./MinutesField";

interface SchedulingCardProps extends SectionProps {
  schedules: readonly Schedule[];
  isTeam: boolean;
}

/** The schedule, buffers, notice, how far ahead, the slot step, limits, seats and the zone lock. */
export function SchedulingCard({ draft, update, errors, schedules, isTeam }: SchedulingCardProps) {
  const { t } = useTranslation();
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
  );
}
