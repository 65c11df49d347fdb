import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errorMessage";
import { Button } from "../../../components/Button";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys, teamInvitationsQuery } from "../api/dashboardQueries";
import { useFormatters } from "../useFormatters";

/** A team's invitations still waiting for an answer, each of which its admins can withdraw. */
export function PendingInvitations({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  const { longDate } = useFormatters();
  const queryClient = useQueryClient();
  const invitations = useQuery(teamInvitationsQuery(teamId));
  const revoke = useMutation({
    mutationFn: (invitationId: string) => dashboardApi.revokeInvitation(teamId, invitationId),
    onSuccess: async () => {
      notify(t("dashboard.teams.invitationRevoked"));
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.teamInvitations(teamId) });
    },
    onError: (error) => notify(errorMessage(error, t), "error"),
  });
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section aria-labelledby={`pending-${teamId}`} className="flex flex-col gap-1">
      <h3 id={`pending-${teamId}`} className="font-semibold text-gray-900">
        {t("dashboard.teams.pendingTitle")}
      </h3>
      <ul className="flex flex-col divide-y divide-gray-100">
        {invitations.data.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <div className="min-w-0">
              <p className="break-all text-gray-900">{invitation.email}</p>
              <p className="text-sm text-gray-700">
                {t(`dashboard.teams.roles.${invitation.role}`)} ·{" "}
                {invitation.expired
                  ? t("dashboard.teams.invitationExpired")
                  : t("dashboard.teams.invitationExpires", {
                      date: longDate(invitation.expiresAt),
                    })}
              </p>
            </div>
            <Button
              variant="secondary"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(invitation.id)}
            >
              {t("dashboard.teams.revoke")}
              <span className="sr-only"> {invitation.email}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
