import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  REMINDER_RECIPIENTS,
  REMINDER_TEXT_MAX,
  REMINDERS_MAX,
  type ReminderRecipient,
} from "../../../../core/eventTypes/reminderLimits";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { FieldMessages } from "../../../components/FieldMessages";
import { SelectField } from "../../../components/SelectField";
import { TextAreaField } from "../../../components/TextAreaField";
import type { SectionProps } from "./editorTypes";
import { MinutesField } from "./MinutesField";

/** What a reminder added in the form starts with: one hour before, to the invitee. */
const NEW_REMINDER = { minutesBefore: 60, to: "invitee" as ReminderRecipient };
/** What a follow-up turned on starts with: one hour after the end. */
const NEW_FOLLOW_UP = { minutesAfter: 60, text: "" };

/**
 * The reminder mails before a meeting (each with its time before the start and who gets it),
 * the host's note in them, and the follow-up after the meeting.
 */
export function RemindersEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const { reminders, followUp } = draft;
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLDivElement>(null);
  // Stable keys for the rows, so removing one keeps each other row's chosen unit.
  const nextKey = useRef(reminders.length);
  const [keys, setKeys] = useState(() => reminders.map((_, i) => i));
  // Focus follows the change: to a reminder just added, or to "Add" after a removal.
  const [focus, setFocus] = useState<{ index: number } | "add" | null>(null);

  useEffect(() => {
    if (focus === null) return;
    if (focus === "add") addRef.current?.querySelector("button")?.focus();
    else listRef.current?.querySelectorAll("li")[focus.index]?.querySelector("input")?.focus();
    setFocus(null);
  }, [focus]);

  const setReminder = (index: number, patch: Partial<(typeof reminders)[number]>) =>
    update({ reminders: reminders.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  const add = () => {
    update({ reminders: [...reminders, { ...NEW_REMINDER }] });
    setKeys((k) => [...k, nextKey.current++]);
    setFocus({ index: reminders.length });
  };
  const remove = (index: number) => {
    update({ reminders: reminders.filter((_, i) => i !== index) });
    setKeys((k) => k.filter((_, i) => i !== index));
    setFocus("add");
  };
  const recipientOptions = REMINDER_RECIPIENTS.map((to) => ({
    value: to,
    label: t(`dashboard.reminders.recipients.${to}`),
  }));

  return (
    <Card title={t("dashboard.reminders.title")} description={t("dashboard.reminders.description")}>
      <FieldMessages id="reminders" errors={errors.reminders} />
      {reminders.length === 0 ? (
        <p className="text-sm text-gray-600">{t("dashboard.reminders.none")}</p>
      ) : (
        <ol ref={listRef} className="flex flex-col gap-3">
          {reminders.map((reminder, index) => {
            const number = index + 1;
            return (
              <li
                key={keys[index] ?? `extra-${index}`}
                className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3 sm:p-4"
              >
                <h3 className="font-semibold text-gray-900">
                  {t("dashboard.reminders.heading", { number })}
                </h3>
                <div className="grid gap-3 sm:grid-cols-2">
                  <MinutesField
                    label={t("dashboard.reminders.before")}
                    min={1}
                    value={reminder.minutesBefore}
                    onChange={(minutesBefore) => setReminder(index, { minutesBefore })}
                    errors={errors[`reminders.${index}.minutesBefore`]}
                  />
                  <SelectField
                    label={t("dashboard.reminders.to")}
                    value={reminder.to}
                    options={recipientOptions}
                    onChange={(event) =>
                      setReminder(index, { to: event.target.value as ReminderRecipient })
                    }
                    errors={errors[`reminders.${index}.to`]}
                  />
                </div>
                <div>
                  <Button variant="secondary" onClick={() => remove(index)}>
                    {t("dashboard.reminders.remove", { number })}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-col gap-1">
        <div ref={addRef}>
          <Button
            variant="secondary"
            disabled={reminders.length >= REMINDERS_MAX}
            aria-describedby={reminders.length >= REMINDERS_MAX ? "reminders-max" : undefined}
            onClick={add}
          >
            {t("dashboard.reminders.add")}
          </Button>
        </div>
        {reminders.length >= REMINDERS_MAX ? (
          <p id="reminders-max" className="text-sm text-gray-600">
            {t("dashboard.reminders.max", { max: REMINDERS_MAX })}
          </p>
        ) : null}
      </div>
      {reminders.length > 0 ? (
        <TextAreaField
          label={t("dashboard.reminders.text")}
          hint={t("dashboard.reminders.textHint")}
          maxLength={REMINDER_TEXT_MAX}
          value={draft.reminderText}
          onChange={(event) => update({ reminderText: event.target.value })}
          errors={errors.reminderText}
        />
      ) : null}
      <CheckboxField
        label={t("dashboard.reminders.followUp")}
        hint={t("dashboard.reminders.followUpHint")}
        checked={followUp !== null}
        onChange={(on) => update({ followUp: on ? { ...NEW_FOLLOW_UP } : null })}
      />
      {followUp !== null ? (
        <>
          <MinutesField
            label={t("dashboard.reminders.followUpAfter")}
            value={followUp.minutesAfter}
            onChange={(minutesAfter) => update({ followUp: { ...followUp, minutesAfter } })}
            errors={errors["followUp.minutesAfter"]}
          />
          <TextAreaField
            label={t("dashboard.reminders.followUpText")}
            hint={t("dashboard.reminders.followUpTextHint")}
            maxLength={REMINDER_TEXT_MAX}
            value={followUp.text}
            onChange={(event) => update({ followUp: { ...followUp, text: event.target.value } })}
            errors={errors["followUp.text"]}
          />
        </>
      ) : null}
    </Card>
  );
}
