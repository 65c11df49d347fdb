import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { meQuery } from "../../api/queries";
import { BackLink } from "../../components/BackLink";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import {
  dashboardKeys,
  schedulesQuery,
  teamsQuery,
} from "../../features/dashboard/api/dashboardQueries";
import type { EventKind } from "../../features/dashboard/api/types";
import { EventTypeForm } from "../../features/dashboard/eventTypes/EventTypeForm";
import {
  newEventTypeDraft,
  PERSONAL_KINDS,
  TEAM_KINDS,
} from "../../features/dashboard/eventTypes/eventTypeDraft";
import { useLocation, useNavigate } from "../../router";
import { notify } from "../../state/appState";

/** A new event type of the kind (and team) picked in the kind dialog. */
export function EventTypeNewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const requested = query.get("kind") as EventKind | null;
  const kind: EventKind =
    requested && [...PERSONAL_KINDS, ...TEAM_KINDS].includes(requested) ? requested : "ONE_ON_ONE";
  const me = useQuery(meQuery());
  const schedules = useQuery(schedulesQuery());
  const teams = useQuery(teamsQuery());
  const team = teams.data?.find((tm) => tm.id === query.get("teamId")) ?? null;

  const header = (
    <PageHeader
      title={t("dashboard.eventForm.newTitle", { kind: t(`dashboard.kinds.${kind}.title`) })}
      back={<BackLink to="/dashboard/event-types" label={t("dashboard.eventTypes.title")} />}
    />
  );
  if (!me.data || !schedules.data || !teams.data) {
    return (
      <>
        {header}
        <QueryStatus queries={[me, schedules, teams]} />
      </>
    );
  }
  if (TEAM_KINDS.includes(kind) && !team) {
    return (
      <>
        {header}
        <p>{t("dashboard.kinds.needTeam")}</p>
      </>
    );
  }

  return (
    <>
      {header}
      <EventTypeForm
        initial={newEventTypeDraft(kind, team?.id ?? null)}
        url={null}
        username={me.data.user.username}
        team={team}
        schedules={schedules.data}
        isNew
        submitLabel={t("dashboard.eventForm.create")}
        onSubmit={async (fields) => {
          const created = await dashboardApi.createEventType(fields);
          await queryClient.invalidateQueries({ queryKey: dashboardKeys.eventTypes() });
          notify(t("dashboard.eventForm.created"));
          navigate(`/dashboard/event-types/${created.id}`, { replace: true });
        }}
      />
    </>
  );
}
