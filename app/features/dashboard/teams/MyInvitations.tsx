import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errorMessage";
import { Button } from "../../../components/Button";
import { isolateText } from "../../../components/UserText";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys, myInvitationsQuery } from "../api/dashboardQueries";
import type { ReceivedInvitation } from "../api/types";

/** Invitations to teams the signed-in user can accept or decline; nothing when there are none. */
export function MyInvitations() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const invitations = useQuery(myInvitationsQuery());
  const answer = useMutation({
    mutationFn: (input: { invitation: ReceivedInvitation; answer: "accept" | "decline" }) =>
      dashboardApi.answerInvitation(input.invitation.id, input.answer),
    onSuccess: async (_, { invitation, answer }) => {
      notify(
        answer === "accept"
          ? t("dashboard.teams.joined", { team: isolateText(invitation.teamName) })
          : t("dashboard.teams.declined"),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.teams() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.settings() }),
      ]);
    },
    onError: async (error) => {
      notify(errorMessage(error, t), "error");
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.myInvitations() });
    },
  });
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section
      aria-labelledby="my-invitations"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="my-invitations" className="text-lg font-bold text-gray-900">
        {t("dashboard.teams.invitationsTitle")}
      </h2>
      <ul className="flex flex-col divide-y divide-gray-100">
        {invitations.data.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <p className="min-w-0 text-gray-900">
              {invitation.inviterName
                ? t(`dashboard.teams.invitedBy.${invitation.role}`, {
                    inviter: isolateText(invitation.inviterName),
                    team: isolateText(invitation.teamName),
                  })
                : t(`dashboard.teams.invited.${invitation.role}`, {
                    team: isolateText(invitation.teamName),
                  })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={answer.isPending}
                onClick={() => answer.mutate({ invitation, answer: "accept" })}
              >
                {t("dashboard.teams.accept")}
                <span className="sr-only"> {invitation.teamName}</span>
              </Button>
              <Button
                variant="secondary"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ invitation, answer: "decline" })}
              >
                {t("dashboard.teams.decline")}
                <span className="sr-only"> {invitation.teamName}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
