import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { meQuery } from "../../api/queries";
import { BackLink } from "../../components/BackLink";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { eventTypesQuery, teamsQuery } from "../../features/dashboard/api/dashboardQueries";
import { WorkflowEditor } from "../../features/dashboard/workflows/WorkflowEditor";
import { draftOf, newWorkflowDraft } from "../../features/dashboard/workflows/workflowDraft";
import { workflowQuery, workflowsQuery } from "../../features/dashboard/workflows/workflowQueries";
import { useLocation, useNavigate } from "../../router";
import type { ScreenProps } from "./ScreenProps";

/** A workflow's editor: /dashboard/workflows/new?eventType=… or /dashboard/workflows/{id}. */
export function WorkflowEditScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = params.id ?? null;
  const me = useQuery(meQuery());
  const types = useQuery(eventTypesQuery());
  const teams = useQuery(teamsQuery());
  const workflow = useQuery({ ...workflowQuery(id ?? ""), enabled: id !== null });
  const wanted = new URLSearchParams(location.search).get("eventType") ?? "";
  const managed =
    me.data && types.data && teams.data
      ? types.data.filter(
          (type) =>
            (type.teamId === null && type.userId === me.data.user.id) ||
            teams.data.some((team) => team.id === type.teamId && team.role === "admin"),
        )
      : [];
  const eventTypeId =
    workflow.data?.eventTypeId ??
    (managed.some((type) => type.id === wanted) ? wanted : (managed[0]?.id ?? ""));
  const list = useQuery({ ...workflowsQuery(eventTypeId), enabled: eventTypeId !== "" });

  const title = workflow.data?.name ?? t("dashboard.workflows.newTitle");
  const header = (
    <PageHeader
      title={id === null ? t("dashboard.workflows.newTitle") : title}
      back={<BackLink to="/dashboard/workflows" label={t("dashboard.workflows.title")} />}
    />
  );
  const queries = [me, types, teams, ...(id !== null ? [workflow] : []), list];
  if (!me.data || !types.data || (id !== null && !workflow.data) || !list.data) {
    return (
      <>
        {header}
        {eventTypeId === "" && types.data ? (
          <p className="text-gray-700">{t("dashboard.workflows.noEventTypes")}</p>
        ) : (
          <QueryStatus queries={queries} />
        )}
      </>
    );
  }
  const user = me.data.user;
  return (
    <>
      {header}
      <WorkflowEditor
        workflow={workflow.data ?? null}
        initial={workflow.data ? draftOf(workflow.data) : newWorkflowDraft(eventTypeId, t)}
        eventTypes={managed}
        smsConfigured={list.data.smsConfigured}
        host={{
          name: user.name,
          timeZone: user.timeZone,
          timeFormat: user.timeFormat === 12 ? 12 : 24,
        }}
        onSaved={(saved, created) => {
          // The editor stays as it is (same component, its notice shown), now the saved one's.
          if (created) navigate(`/dashboard/workflows/${saved.id}`, { replace: true });
        }}
      />
    </>
  );
}
