import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { WEEKDAYS, type Weekday } from "../../../../core/time/localDate";
import type { FieldErrors } from "../../../api/apiClient";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { StickySaveBar } from "../../../components/StickySaveBar";
import { TextField } from "../../../components/TextField";
import { focusFirstError, withoutErrorsOf } from "../../../lib/focusFirstError";
import { TimeZoneField } from "../../booking/TimeZoneField";
import type { ScheduleFields } from "../api/types";
import { CopyHoursDialog } from "./CopyHoursDialog";
import { OverridesEditor } from "./OverridesEditor";
import { RangesEditor } from "./RangesEditor";

const InviteeWeekPreview = lazy(() =>
  import("./InviteeWeekPreview").then((m) => ({ default: m.InviteeWeekPreview })),
);

interface ScheduleEditorProps {
  initial: ScheduleFields & { isDefault: boolean };
  hour12: boolean;
  locale: string;
  onSave: (fields: ScheduleFields) => Promise<unknown>;
  now: number;
}

/** Weekly hours (several ranges a day, copied between days), date overrides, zone and default. */
export function ScheduleEditor({ initial, hour12, locale, onSave, now }: ScheduleEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ScheduleFields>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const [copyFrom, setCopyFrom] = useState<Weekday | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [focusError, setFocusError] = useState(0);
  useEffect(() => {
    if (focusError > 0) focusFirstError(rootRef.current);
  }, [focusError]);
  const dayFormat = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const dayNames = Object.fromEntries(
    WEEKDAYS.map((day, i) => [day, dayFormat.format(new Date(Date.UTC(2024, 0, 1 + i, 12)))]),
  ) as Record<Weekday, string>;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: draft.timeZone }).format(
    new Date(now),
  );
  // A field's error goes as soon as the field is changed; the next save checks it again.
  const update = (patch: Partial<ScheduleFields>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => withoutErrorsOf(e, Object.keys(patch)));
  };
  const setDay = (day: Weekday, ranges: { start: string; end: string }[]) => {
    setDraft((d) => ({ ...d, weekly: { ...d.weekly, [day]: ranges } }));
    setErrors((e) => withoutErrorsOf(e, [`weekly.${day}`]));
  };

  async function handleSave() {
    setPending(true);
    setFailure(undefined);
    try {
      await onSave(draft);
      setErrors({});
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? t("errors.checkFields") : errorMessage(error, t));
      setFocusError((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  return (
    <div ref={rootRef} className="flex flex-col gap-6">
      <div tabIndex={-1} className="outline-none">
        <Alert message={failure} />
      </div>
      <Card title={t("dashboard.availability.settings")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("dashboard.availability.name")}
            value={draft.name}
            onChange={(event) => update({ name: event.target.value })}
            errors={errors.name}
          />
          <TimeZoneField
            label={t("dashboard.availability.timeZone")}
            hint={t("dashboard.availability.timeZoneHint")}
            value={draft.timeZone}
            onChange={(timeZone) => update({ timeZone })}
            errors={errors.timeZone}
          />
        </div>
        <CheckboxField
          label={t("dashboard.availability.isDefault")}
          hint={initial.isDefault ? t("dashboard.availability.isDefaultHint") : undefined}
          checked={draft.isDefault ?? false}
          disabled={initial.isDefault}
          onChange={(isDefault) => update({ isDefault })}
        />
      </Card>

      <Card
        title={t("dashboard.availability.weekly")}
        description={t("dashboard.availability.weeklyHint")}
      >
        <ul className="flex flex-col divide-y divide-gray-100">
          {WEEKDAYS.map((day) => {
            const ranges = draft.weekly[day] ?? [];
            const available = ranges.length > 0;
            return (
              <li
                key={day}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4"
              >
                <div className="sm:w-40 sm:pt-0">
                  <CheckboxField
                    label={dayNames[day]}
                    checked={available}
                    onChange={(on) => setDay(day, on ? [{ start: "09:00", end: "17:00" }] : [])}
                  />
                </div>
                <div className="flex flex-1 flex-col gap-2">
                  {available ? (
                    <RangesEditor
                      dayLabel={dayNames[day]}
                      ranges={ranges}
                      onChange={(next) => setDay(day, next)}
                      path={`weekly.${day}`}
                      errors={errors}
                      hour12={hour12}
                      locale={locale}
                    />
                  ) : (
                    <p className="min-h-11 content-center text-gray-600">
                      {t("dashboard.availability.unavailableDay")}
                    </p>
                  )}
                </div>
                <div>
                  <Button
                    variant="secondary"
                    onClick={() => setCopyFrom(day)}
                    disabled={!available}
                  >
                    {t("dashboard.availability.copy")}
                    <span className="sr-only"> {dayNames[day]}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card
        title={t("dashboard.availability.overrides")}
        description={t("dashboard.availability.overridesHint")}
      >
        <OverridesEditor
          overrides={draft.overrides}
          onChange={(overrides) => update({ overrides })}
          today={today}
          errors={errors}
          hour12={hour12}
          locale={locale}
        />
      </Card>

      <Card
        title={t("dashboard.availability.preview")}
        description={t("dashboard.availability.previewHint")}
      >
        <Suspense fallback={null}>
          <InviteeWeekPreview schedule={draft} hour12={hour12} locale={locale} now={now} />
        </Suspense>
      </Card>

      <StickySaveBar>
        <Button onClick={handleSave} disabled={pending}>
          {pending ? t("dashboard.common.saving") : t("dashboard.availability.save")}
        </Button>
      </StickySaveBar>

      {copyFrom ? (
        <CopyHoursDialog
          from={copyFrom}
          dayNames={dayNames}
          onClose={() => setCopyFrom(null)}
          onCopy={(days) => {
            const source = draft.weekly[copyFrom] ?? [];
            const weekly = { ...draft.weekly };
            for (const day of days) weekly[day] = source.map((r) => ({ ...r }));
            update({ weekly });
          }}
        />
      ) : null}
    </div>
  );
}
