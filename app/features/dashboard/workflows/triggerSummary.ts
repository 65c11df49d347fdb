import type { TFunction } from "i18next";
import type { Workflow } from "../../../../core/api/workflows";
import { durationLabel } from "../../../../core/i18n/durationLabel";
import { WORKFLOW_CANCELLERS } from "../../../../core/workflows/workflowKinds";

/** "1 hour before the start", "When a booking is cancelled (by the invitee)": when it runs. */
export function triggerSummary(
  workflow: Pick<Workflow, "trigger" | "offsetMinutes" | "cancelledBy">,
  t: TFunction,
  locale: string,
): string {
  const offset = durationLabel(workflow.offsetMinutes, t, locale);
  switch (workflow.trigger) {
    case "before_start":
      return t("dashboard.workflows.summary.before_start", { offset });
    case "after_end":
      return t("dashboard.workflows.summary.after_end", { offset });
    case "cancelled":
      return workflow.cancelledBy.length === WORKFLOW_CANCELLERS.length
        ? t("dashboard.workflows.triggers.cancelled")
        : t("dashboard.workflows.summary.cancelledBy", {
            who: new Intl.ListFormat(locale, { type: "disjunction" }).format(
              workflow.cancelledBy.map((who) => t(`dashboard.workflows.cancellers.${who}`)),
            ),
          });
    default:
      return t(`dashboard.workflows.triggers.${workflow.trigger}`);
  }
}
