import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { meQuery } from "../../api/queries";
import { BackLink } from "../../components/BackLink";
import { Button } from "../../components/Button";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import {
  dashboardKeys,
  eventTypeQuery,
  schedulesQuery,
  teamsQuery,
} from "../../features/dashboard/api/dashboardQueries";
import { DeleteEventTypeDialog } from "../../features/dashboard/eventTypes/DeleteEventTypeDialog";
import { EventTypeForm } from "../../features/dashboard/eventTypes/EventTypeForm";
import { draftFromEventType } from "../../features/dashboard/eventTypes/eventTypeDraft";
import { ShareCenter } from "../../features/dashboard/share/ShareCenter";
import { useNavigate } from "../../router";
import { notify } from "../../state/appState";
import type { ScreenProps } from "./ScreenProps";

/** Edit one event type; share it, or delete it. */
export function EventTypeEditScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const id = params.id ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const me = useQuery(meQuery());
  const type = useQuery(eventTypeQuery(id));
  const schedules = useQuery(schedulesQuery());
  const teams = useQuery(teamsQuery());
  const back = <BackLink to="/dashboard/event-types" label={t("dashboard.eventTypes.title")} />;

  if (!me.data || !type.data || !schedules.data || !teams.data) {
    return (
      <>
        <PageHeader title={t("dashboard.eventForm.editTitle")} back={back} />
        <QueryStatus queries={[me, type, schedules, teams]} />
      </>
    );
  }
  const eventType = type.data;
  const team = teams.data.find((tm) => tm.id === eventType.teamId) ?? null;
  const canManage = eventType.userId === me.data.user.id || team?.role === "admin";

  return (
    <>
      <PageHeader
        title={eventType.title}
        description={t(`dashboard.kinds.${eventType.kind}.title`)}
        back={back}
        actions={
          <>
            {eventType.url ? (
              <ShareCenter
                title={eventType.title}
                url={eventType.url}
                eventTypeId={eventType.id}
                canManage={canManage}
              />
            ) : null}
            {canManage ? (
              <Button variant="secondary" onClick={() => setConfirmDelete(true)}>
                {t("dashboard.common.delete")}
              </Button>
            ) : null}
          </>
        }
      />
      {canManage ? null : (
        <p className="rounded-lg bg-white p-3 text-gray-700">{t("dashboard.eventForm.readOnly")}</p>
      )}
      <EventTypeForm
        key={eventType.id}
        initial={draftFromEventType(eventType)}
        url={eventType.url}
        username={me.data.user.username}
        team={team}
        schedules={schedules.data}
        isNew={false}
        submitLabel={t("dashboard.eventForm.save")}
        onSubmit={async (fields) => {
          const saved = await dashboardApi.updateEventType(eventType.id, fields);
          queryClient.setQueryData(dashboardKeys.eventType(eventType.id), saved);
          await queryClient.invalidateQueries({ queryKey: dashboardKeys.eventTypes() });
          notify(t("dashboard.eventForm.saved"));
        }}
      />
      <DeleteEventTypeDialog
        eventType={eventType}
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onDeleted={async () => {
          await queryClient.invalidateQueries({ queryKey: dashboardKeys.eventTypes() });
          navigate("/dashboard/event-types", { replace: true });
        }}
      />
    </>
  );
}
