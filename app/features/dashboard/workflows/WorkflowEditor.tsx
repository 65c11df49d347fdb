import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { WORKFLOW_STEPS_MAX, type Workflow } from "../../../../core/api/workflows";
import {
  WORKFLOW_CANCELLERS,
  WORKFLOW_TRIGGERS,
  type WorkflowTrigger,
} from "../../../../core/workflows/workflowKinds";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { CheckboxField } from "../../../components/CheckboxField";
import { SecretNotice } from "../../../components/SecretNotice";
import { SelectField } from "../../../components/SelectField";
import { StickySaveBar } from "../../../components/StickySaveBar";
import { TextField } from "../../../components/TextField";
import type { EventType } from "../api/types";
import { MinutesField } from "../eventTypes/MinutesField";
import { formFailureAlert, useFocusFailedForm } from "../formFailure";
import { MessagePreview } from "./MessagePreview";
import { StepEditor } from "./StepEditor";
import {
  createBody,
  newStep,
  TIMED_TRIGGERS,
  updateBody,
  type WorkflowDraft,
} from "./workflowDraft";
import { workflowApi, workflowKeys } from "./workflowQueries";

// The page mounts anew at a new address, so a workflow just created is edited by a new editor
// at /dashboard/workflows/{id}: this id tells it to show, and focus, the saved notice.
let createdNow: string | null = null;
// …and this is its signing secret, which only the creating answer carries.
let createdSecret: string | null = null;

interface WorkflowEditorProps {
  /** The saved workflow; null for a new one. */
  workflow: Workflow | null;
  initial: WorkflowDraft;
  /** The event types the workflow may belong to (a new one picks; a saved one keeps its own). */
  eventTypes: readonly EventType[];
  smsConfigured: boolean;
  host: { name: string; timeZone: string; timeFormat: 12 | 24 };
  onSaved: (workflow: Workflow, created: boolean) => void;
}

/** The workflow editor: name, trigger and its offset, event type, steps, and the preview. */
export function WorkflowEditor({
  workflow,
  initial,
  eventTypes,
  smsConfigured,
  host,
  onSaved,
}: WorkflowEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const stepsRef = useRef<HTMLDivElement>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(false);
  const cancelledId = useId();
  // The notice is what changed: focus goes to it (after a navigation's heading focus).
  const focusSaved = () =>
    requestAnimationFrame(() => requestAnimationFrame(() => savedRef.current?.focus()));
  useEffect(() => {
    if (workflow === null || workflow.id !== createdNow) return;
    createdNow = null;
    setSecret(createdSecret);
    createdSecret = null;
    setSaved(true);
    requestAnimationFrame(() => requestAnimationFrame(() => savedRef.current?.focus()));
  }, [workflow]);
  const save = useMutation({
    mutationFn: (body: WorkflowDraft) =>
      workflow
        ? workflowApi.update(workflow.id, updateBody(body))
        : workflowApi.create(createBody(body)),
    onSuccess: async (result) => {
      queryClient.setQueryData(workflowKeys.one(result.id), result);
      await queryClient.invalidateQueries({ queryKey: workflowKeys.list(result.eventTypeId) });
      if (workflow === null) {
        createdNow = result.id;
        createdSecret = "signingSecret" in result ? String(result.signingSecret) : null;
      } else {
        setSaved(true);
        focusSaved();
      }
      onSaved(result, workflow === null);
    },
  });
  useFocusFailedForm(formRef, save.error);
  const errors = fieldErrorsOf(save.error);
  const change = (patch: Partial<WorkflowDraft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const eventType = eventTypes.find((type) => type.id === draft.eventTypeId);
  const timed = TIMED_TRIGGERS.has(draft.trigger);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(draft);
  }
  function handleAddStep() {
    change({ steps: [...draft.steps, newStep(draft.trigger, "email_invitee", t)] });
    // The new step is what changed: focus goes to its first field.
    requestAnimationFrame(() =>
      stepsRef.current?.querySelector<HTMLElement>("fieldset:last-of-type select")?.focus(),
    );
  }
  function handleRemoveStep(index: number) {
    change({ steps: draft.steps.filter((_, i) => i !== index) });
    // Its button is gone: focus goes to the step before it (or the first).
    requestAnimationFrame(() =>
      stepsRef.current
        ?.querySelectorAll<HTMLElement>("fieldset select")
        [Math.max(0, index - 1)]?.focus(),
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form
        ref={formRef}
        onSubmit={handleSubmit}
        noValidate
        className="flex flex-col gap-6 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
      >
        <Alert message={formFailureAlert(save.error, Object.keys(errors), t)} />
        <TextField
          label={t("dashboard.workflows.name")}
          value={draft.name}
          maxLength={200}
          errors={errors.name}
          onChange={(event) => change({ name: event.target.value })}
        />
        {workflow === null ? (
          <SelectField
            label={t("dashboard.workflows.eventType")}
            value={draft.eventTypeId}
            errors={errors.eventTypeId}
            options={eventTypes.map((type) => ({ value: type.id, label: type.title }))}
            onChange={(event) => change({ eventTypeId: event.target.value })}
          />
        ) : (
          <p className="text-gray-800">
            <span className="font-semibold">{t("dashboard.workflows.eventType")}:</span>{" "}
            <bdi>{eventType?.title}</bdi>
          </p>
        )}
        <CheckboxField
          label={t("dashboard.workflows.activeLabel")}
          asSwitch
          checked={draft.active}
          onChange={(active) => change({ active })}
        />
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-1 text-lg font-bold text-gray-900">
            {t("dashboard.workflows.when")}
          </legend>
          <SelectField
            label={t("dashboard.workflows.trigger")}
            value={draft.trigger}
            errors={errors.trigger}
            options={WORKFLOW_TRIGGERS.map((trigger) => ({
              value: trigger,
              label: t(`dashboard.workflows.triggers.${trigger}`),
            }))}
            onChange={(event) => change({ trigger: event.target.value as WorkflowTrigger })}
          />
          {timed ? (
            <MinutesField
              key={draft.trigger}
              label={
                draft.trigger === "before_start"
                  ? t("dashboard.workflows.offsetBefore")
                  : t("dashboard.workflows.offsetAfter")
              }
              value={draft.offsetMinutes}
              errors={errors.offsetMinutes}
              onChange={(offsetMinutes) => change({ offsetMinutes })}
            />
          ) : null}
          {draft.trigger === "cancelled" ? (
            <fieldset aria-labelledby={cancelledId} className="flex flex-col gap-1">
              <p id={cancelledId} className="text-sm font-semibold text-gray-800">
                {t("dashboard.workflows.cancelledBy")}
              </p>
              {WORKFLOW_CANCELLERS.map((who) => (
                <CheckboxField
                  key={who}
                  label={t(`dashboard.workflows.cancellers.${who}`)}
                  checked={draft.cancelledBy.includes(who)}
                  onChange={(on) =>
                    change({
                      cancelledBy: on
                        ? WORKFLOW_CANCELLERS.filter(
                            (c) => c === who || draft.cancelledBy.includes(c),
                          )
                        : draft.cancelledBy.filter((c) => c !== who),
                    })
                  }
                />
              ))}
              {errors.cancelledBy ? (
                <p data-field-error="" className="text-sm font-medium text-red-700">
                  {errors.cancelledBy.join(" ")}
                </p>
              ) : null}
            </fieldset>
          ) : null}
        </fieldset>
        <div ref={stepsRef} className="flex flex-col gap-3">
          <h2 className="text-lg font-bold text-gray-900">{t("dashboard.workflows.steps")}</h2>
          {errors.steps ? (
            <p data-field-error="" className="text-sm font-medium text-red-700">
              {errors.steps.join(" ")}
            </p>
          ) : null}
          {draft.steps.map((step, index) => (
            <StepEditor
              key={step.key}
              step={step}
              index={index}
              trigger={draft.trigger}
              smsConfigured={smsConfigured}
              errors={errors}
              canRemove={draft.steps.length > 1}
              onChange={(next) =>
                change({ steps: draft.steps.map((s, i) => (i === index ? next : s)) })
              }
              onRemove={() => handleRemoveStep(index)}
            />
          ))}
          {draft.steps.length < WORKFLOW_STEPS_MAX ? (
            <Button variant="secondary" className="self-start" onClick={handleAddStep}>
              {t("dashboard.workflows.addStep")}
            </Button>
          ) : null}
        </div>
        {secret !== null && draft.steps.some((step) => step.action === "webhook") ? (
          <SecretNotice
            title={t("dashboard.workflows.secretTitle")}
            hint={t("dashboard.workflows.secretHint")}
            secret={secret}
            copyLabel={t("dashboard.webhooks.copySecret")}
            doneLabel={t("dashboard.webhooks.secretDone")}
            onDone={() => setSecret(null)}
            testId="workflow-secret"
          />
        ) : null}
        <StickySaveBar>
          {saved ? (
            <p
              ref={savedRef}
              tabIndex={-1}
              role="status"
              className="me-auto self-center text-sm font-semibold text-green-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {t("dashboard.workflows.saved")}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {t("dashboard.workflows.save")}
          </Button>
        </StickySaveBar>
      </form>
      <div className="flex flex-col gap-6">
        <MessagePreview
          steps={draft.steps}
          eventTitle={eventType?.title ?? ""}
          durationMinutes={eventType?.duration ?? 30}
          hostName={host.name}
          timeZone={host.timeZone}
          timeFormat={host.timeFormat}
        />
      </div>
    </div>
  );
}
