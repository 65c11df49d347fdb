import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { BackLink } from "../../components/BackLink";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import { dashboardKeys, schedulesQuery } from "../../features/dashboard/api/dashboardQueries";
import { ScheduleEditor } from "../../features/dashboard/availability/ScheduleEditor";
import { useFormatters } from "../../features/dashboard/useFormatters";
import { useNavigate } from "../../router";
import { notify } from "../../state/appState";
import type { ScreenProps } from "./ScreenProps";

/** Edit one schedule. */
export function ScheduleScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const id = params.id ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useFormatters();
  const [now] = useState(() => Date.now());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const schedules = useQuery(schedulesQuery());
  const schedule = schedules.data?.find((s) => s.id === id);
  const remove = useMutation({
    mutationFn: () => dashboardApi.deleteSchedule(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.schedules() });
      notify(t("dashboard.availability.deleted"));
      navigate("/dashboard/availability", { replace: true });
    },
  });
  const back = <BackLink to="/dashboard/availability" label={t("dashboard.availability.title")} />;
  if (!schedule) {
    return (
      <>
        <PageHeader title={t("dashboard.availability.title")} back={back} />
        {schedules.data ? (
          <p>{t("dashboard.availability.notFound")}</p>
        ) : (
          <QueryStatus queries={[schedules]} />
        )}
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={schedule.name}
        back={back}
        actions={
          <Button
            variant="secondary"
            onClick={() => setConfirmDelete(true)}
            disabled={schedules.data!.length <= 1}
          >
            {t("dashboard.common.delete")}
          </Button>
        }
      />
      <ScheduleEditor
        key={schedule.id}
        initial={schedule}
        hour12={format.hour12}
        locale={format.locale}
        now={now}
        onSave={async (fields) => {
          await dashboardApi.updateSchedule(schedule.id, fields);
          await queryClient.invalidateQueries({ queryKey: dashboardKeys.schedules() });
          notify(t("dashboard.availability.saved"));
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        danger
        title={t("dashboard.availability.deleteTitle", { name: schedule.name })}
        message={t("dashboard.availability.deleteMessage")}
        confirmLabel={t("dashboard.common.delete")}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t) : undefined}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirmDelete(false)}
      />
    </>
  );
}
