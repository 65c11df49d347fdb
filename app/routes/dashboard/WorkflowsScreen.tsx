import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Workflow } from "../../../core/api/workflows";
import { errorMessage } from "../../api/errorMessage";
import { meQuery } from "../../api/queries";
import { buttonClassName } from "../../components/buttonClassName";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { isolateText, UserText } from "../../components/UserText";
import { eventTypesQuery, teamsQuery } from "../../features/dashboard/api/dashboardQueries";
import type { EventType } from "../../features/dashboard/api/types";
import { WorkflowCard } from "../../features/dashboard/workflows/WorkflowCard";
import {
  workflowApi,
  workflowKeys,
  workflowsQuery,
} from "../../features/dashboard/workflows/workflowQueries";
import { Link } from "../../router";
import { notify } from "../../state/appState";

/**
 * The workflows of every event type the host manages, their own then each team's they admin:
 * what each sends and when, paused or active, its run log; a new one per event type.
 */
export function WorkflowsScreen() {
  const { t } = useTranslation();
  const me = useQuery(meQuery());
  const types = useQuery(eventTypesQuery());
  const teams = useQuery(teamsQuery());
  const header = (
    <PageHeader
      title={t("dashboard.workflows.title")}
      description={t("dashboard.workflows.description")}
    />
  );
  if (!me.data || !types.data || !teams.data) {
    return (
      <>
        {header}
        <QueryStatus queries={[me, types, teams]} />
      </>
    );
  }
  const userId = me.data.user.id;
  const groups = [
    {
      id: "personal",
      title: t("dashboard.eventTypes.personal"),
      types: types.data.filter((type) => type.userId === userId && type.teamId === null),
    },
    ...teams.data
      .filter((team) => team.role === "admin")
      .map((team) => ({
        id: team.id,
        title: t("dashboard.eventTypes.teamGroup", { team: team.name }),
        types: types.data.filter((type) => type.teamId === team.id),
      })),
  ].filter((group) => group.types.length > 0);

  return (
    <>
      {header}
      {groups.length === 0 ? (
        <p className="text-gray-700">{t("dashboard.workflows.noEventTypes")}</p>
      ) : null}
      {groups.map((group) => (
        <section
          key={group.id}
          aria-labelledby={`workflows-${group.id}`}
          className="flex flex-col gap-4"
        >
          <h2 id={`workflows-${group.id}`} className="text-xl font-bold text-gray-900">
            {group.title}
          </h2>
          {group.types.map((type) => (
            <EventTypeWorkflows key={type.id} eventType={type} />
          ))}
        </section>
      ))}
    </>
  );
}

function EventTypeWorkflows({ eventType }: { eventType: EventType }) {
  const { t } = useTranslation();
  const query = useQuery(workflowsQuery(eventType.id));
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Workflow | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const remove = useMutation({
    mutationFn: (id: string) => workflowApi.remove(id),
    onSuccess: async () => {
      notify(t("dashboard.workflows.deleted"));
      await queryClient.invalidateQueries({ queryKey: workflowKeys.list(eventType.id) });
      setDeleting(null);
      // The card and its button are gone: focus goes to the event type's heading.
      requestAnimationFrame(() => headingRef.current?.focus());
    },
  });
  const workflows = query.data?.workflows ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="text-lg font-semibold break-words text-gray-900 outline-none"
        >
          <UserText>{eventType.title}</UserText>
        </h3>
        <Link
          to={`/dashboard/workflows/new?eventType=${eventType.id}`}
          className={buttonClassName("primary", "", "compact")}
        >
          {t("dashboard.workflows.new")}
          <span className="sr-only">
            {" "}
            {t("dashboard.workflows.forEventType", { title: isolateText(eventType.title) })}
          </span>
        </Link>
      </div>
      <QueryStatus queries={[query]} />
      {query.data && workflows.length === 0 ? (
        <p className="text-sm text-gray-700">{t("dashboard.workflows.none")}</p>
      ) : null}
      {workflows.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {workflows.map((workflow) => (
            <WorkflowCard
              key={workflow.id}
              workflow={workflow}
              onDelete={() => setDeleting(workflow)}
            />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t("dashboard.workflows.deleteTitle", { name: isolateText(deleting?.name ?? "") })}
        message={t("dashboard.workflows.deleteMessage")}
        confirmLabel={t("dashboard.common.delete")}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t) : undefined}
        fallbackFocus={headingRef}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </section>
  );
}
