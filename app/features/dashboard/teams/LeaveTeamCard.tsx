import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errorMessage";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { isolateText } from "../../../components/UserText";
import { useNavigate } from "../../../router";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys } from "../api/dashboardQueries";
import type { Team } from "../api/types";

/** Any member can leave a team; the server keeps its last admin until they hand over. */
export function LeaveTeamCard({ team }: { team: Team }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => dashboardApi.leaveTeam(team.id),
    onSuccess: async () => {
      setConfirming(false);
      notify(t("dashboard.teams.left", { team: isolateText(team.name) }));
      navigate("/dashboard/teams");
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.teams() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.eventTypes() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.settings() }),
      ]);
    },
  });
  return (
    <Card title={t("dashboard.teams.leave")} description={t("dashboard.teams.leaveHint")}>
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t("dashboard.teams.leave")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("dashboard.teams.leaveTitle", { team: isolateText(team.name) })}
        message={t("dashboard.teams.leaveMessage")}
        confirmLabel={t("dashboard.teams.leave")}
        danger
        pending={leave.isPending}
        error={leave.error ? errorMessage(leave.error, t) : undefined}
        onConfirm={() => leave.mutate()}
        onClose={() => {
          setConfirming(false);
          leave.reset();
        }}
      />
    </Card>
  );
}
