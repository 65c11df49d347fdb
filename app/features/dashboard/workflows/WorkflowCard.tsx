import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Workflow } from "../../../../core/api/workflows";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { buttonClassName } from "../../../components/buttonClassName";
import { UserText } from "../../../components/UserText";
import { useIntlLocale } from "../../../i18n/useIntlLocale";
import { Link } from "../../../router";
import { notify } from "../../../state/appState";
import { RunLog } from "./RunLog";
import { triggerSummary } from "./triggerSummary";
import { workflowApi, workflowKeys } from "./workflowQueries";

/** One workflow in the list: when it runs, what it sends, paused or not, and its run log. */
export function WorkflowCard({ workflow, onDelete }: { workflow: Workflow; onDelete: () => void }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const logRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const logId = useId();
  const change = useMutation({
    mutationFn: (active: boolean) => workflowApi.update(workflow.id, { active }),
    onSuccess: async (updated) => {
      notify(
        t(
          updated.active ? "dashboard.workflows.resumedNotice" : "dashboard.workflows.pausedNotice",
        ),
      );
      await queryClient.invalidateQueries({ queryKey: workflowKeys.list(workflow.eventTypeId) });
    },
  });
  const actions = new Intl.ListFormat(locale, { type: "conjunction" }).format(
    workflow.steps.map((step) => t(`dashboard.workflows.actions.${step.action}`)),
  );
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3 sm:p-4"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h4 id={titleId} className="font-semibold break-words text-gray-900">
          <UserText>{workflow.name}</UserText>
        </h4>
        <p className="text-sm text-gray-700">
          {triggerSummary(workflow, t, locale)}
          {" · "}
          <span className={workflow.active ? "text-green-800" : "font-semibold text-amber-800"}>
            {workflow.active ? t("dashboard.workflows.active") : t("dashboard.workflows.paused")}
          </span>
        </p>
        <p className="text-sm text-gray-700">{actions}</p>
        {workflow.source === "reminders" ? (
          <p className="text-sm text-gray-700">{t("dashboard.workflows.fromReminders")}</p>
        ) : null}
      </div>
      {change.error ? <Alert message={errorMessage(change.error, t)} /> : null}
      <div className="flex flex-wrap gap-2">
        <Link
          to={`/dashboard/workflows/${workflow.id}`}
          className={buttonClassName("secondary", "", "compact")}
        >
          {t("dashboard.workflows.edit")}
          <span className="sr-only">
            {" "}
            <UserText>{workflow.name}</UserText>
          </span>
        </Link>
        <Button
          variant="secondary"
          size="compact"
          disabled={change.isPending}
          onClick={() => change.mutate(!workflow.active)}
        >
          {workflow.active ? t("dashboard.workflows.pause") : t("dashboard.workflows.resume")}
        </Button>
        <Button
          variant="secondary"
          size="compact"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => {
            setShowLog((shown) => !shown);
            // The log is what the press brought: focus goes to it.
            if (!showLog) requestAnimationFrame(() => logRef.current?.focus());
          }}
        >
          {t("dashboard.workflows.runLog")}
        </Button>
        <Button variant="secondary" size="compact" onClick={onDelete}>
          {t("dashboard.common.delete")}
        </Button>
      </div>
      <section
        ref={logRef}
        id={logId}
        hidden={!showLog}
        tabIndex={-1}
        aria-label={t("dashboard.workflows.runLogOf", { name: workflow.name })}
        className="outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {showLog ? <RunLog workflow={workflow} /> : null}
      </section>
    </li>
  );
}
