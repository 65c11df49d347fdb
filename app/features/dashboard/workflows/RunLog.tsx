import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Workflow, WorkflowRun } from "../../../../core/api/workflows";
import { LogTableHead } from "../../../components/LogTableHead";
import { LogTableRow } from "../../../components/LogTableRow";
import { QueryStatus } from "../../../components/QueryStatus";
import { UserText } from "../../../components/UserText";
import { useFormatters } from "../useFormatters";
import { runErrorKey } from "./runErrors";
import { workflowRunsQuery } from "./workflowQueries";

const statusStyle: Record<WorkflowRun["status"], string> = {
  scheduled: "bg-blue-100 text-blue-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  skipped: "bg-gray-200 text-gray-900",
};

/**
 * A workflow's latest runs, as the webhook deliveries are shown: when, which step to whom, its
 * status with attempts, and why it failed or was skipped (a known code in words, the
 * provider's own words as they came).
 */
export function RunLog({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const query = useQuery(workflowRunsQuery(workflow.id));
  const runs = query.data ?? [];
  const stepNumber = (stepId: string) => workflow.steps.findIndex((s) => s.id === stepId) + 1;
  return (
    <div className="flex flex-col gap-2">
      <QueryStatus queries={[query]} />
      {query.data && runs.length === 0 ? (
        <p className="text-sm text-gray-600">{t("dashboard.workflows.noRuns")}</p>
      ) : null}
      {runs.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">
              {t("dashboard.workflows.runLogOf", { name: workflow.name })}
            </caption>
            <LogTableHead
              columns={[
                t("dashboard.workflows.columns.time"),
                t("dashboard.workflows.columns.step"),
                t("dashboard.workflows.columns.recipient"),
                t("dashboard.workflows.columns.status"),
                t("dashboard.workflows.columns.error"),
              ]}
            />
            <tbody>
              {runs.map((run) => {
                const known = run.error === null ? null : runErrorKey(run.error);
                const number = stepNumber(run.stepId);
                const action = t(`dashboard.workflows.actions.${run.action}`);
                return (
                  <LogTableRow
                    key={run.id}
                    time={format.dateTime(run.sentAt ?? run.dueAt)}
                    subject={
                      <>
                        <td className="p-2">
                          {number > 0
                            ? t("dashboard.workflows.stepLabel", { number, action })
                            : action}
                        </td>
                        <td className="p-2 break-all">
                          <bdi dir="ltr">{run.recipient}</bdi>
                        </td>
                      </>
                    }
                    status={{
                      label: t(`dashboard.workflows.status.${run.status}`),
                      className: statusStyle[run.status],
                      detail:
                        run.attempts > 0
                          ? t("dashboard.workflows.attempts", { count: run.attempts })
                          : null,
                    }}
                  >
                    <td className="p-2">
                      {run.error === null ? null : known ? (
                        t(known)
                      ) : (
                        <code
                          dir="ltr"
                          className="block max-w-xs rounded bg-gray-100 px-1 text-xs break-words text-gray-800"
                        >
                          <UserText>{run.error}</UserText>
                        </code>
                      )}
                    </td>
                  </LogTableRow>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
