import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WebhookWithSecret } from "../../../../core/api/webhooks";
import { WEBHOOK_EVENTS } from "../../../../core/webhooks/webhookEvents";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { CheckboxField } from "../../../components/CheckboxField";
import { Dialog, dialogActionsClassName } from "../../../components/Dialog";
import { describedBy, FieldMessages } from "../../../components/FieldMessages";
import { SelectField } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import { formFailureAlert, useFocusFailedForm } from "../formFailure";
import { eventLabelKey, webhookApi, webhookKeys } from "./webhookQueries";

/** Adds a subscription: its URL, whose it is (the host's or a team's) and the events it wants. */
export function WebhookDialog({
  teams,
  onClose,
  onCreated,
}: {
  teams: { id: string; name: string }[];
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const eventsId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [url, setUrl] = useState("");
  const [teamId, setTeamId] = useState("");
  const [events, setEvents] = useState<string[]>([
    "booking.created",
    "booking.rescheduled",
    "booking.cancelled",
  ]);
  const save = useMutation({
    mutationFn: () =>
      webhookApi.create({
        url,
        teamId: teamId || null,
        events: events as (typeof WEBHOOK_EVENTS)[number][],
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
      onCreated(created);
    },
  });
  useFocusFailedForm(formRef, save.error);
  const fieldErrors = fieldErrorsOf(save.error);
  const alert = formFailureAlert(save.error, ["url", "events", "teamId"], t);
  const toggle = (event: string, on: boolean) =>
    setEvents((current) =>
      on ? [...current, event] : current.filter((chosen) => chosen !== event),
    );
  return (
    <Dialog open onClose={onClose} title={t("dashboard.webhooks.addTitle")}>
      <form
        ref={formRef}
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <TextField
          type="url"
          label={t("dashboard.webhooks.url")}
          hint={t("dashboard.webhooks.urlHint")}
          value={url}
          required
          dir="ltr"
          onChange={(event) => setUrl(event.target.value)}
          errors={fieldErrors.url}
        />
        {teams.length > 0 ? (
          <SelectField
            label={t("dashboard.webhooks.owner")}
            value={teamId}
            onChange={(event) => setTeamId(event.target.value)}
            options={[
              { value: "", label: t("dashboard.webhooks.personal") },
              ...teams.map((team) => ({ value: team.id, label: team.name })),
            ]}
            errors={fieldErrors.teamId}
          />
        ) : null}
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={describedBy(eventsId, true, fieldErrors.events)["aria-describedby"]}
        >
          <legend className="mb-1 font-semibold text-gray-900">
            {t("dashboard.webhooks.events")}
          </legend>
          {WEBHOOK_EVENTS.map((event) => (
            <CheckboxField
              key={event}
              label={t(eventLabelKey(event))}
              checked={events.includes(event)}
              onChange={(on) => toggle(event, on)}
            />
          ))}
          <FieldMessages
            id={eventsId}
            hint={t("dashboard.webhooks.eventsHint")}
            errors={fieldErrors.events ?? []}
          />
        </fieldset>
        <Alert message={alert} />
        <div className={dialogActionsClassName}>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("dashboard.common.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("dashboard.common.saving") : t("dashboard.webhooks.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
