import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { hasStatus } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { meQuery } from "../../api/queries";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { Logo } from "../../features/brand/Logo";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import { dashboardKeys } from "../../features/dashboard/api/dashboardQueries";
import { Link, useLocation, useNavigate } from "../../router";
import { notify } from "../../state/appState";

/**
 * The page an invitation mail links to: what the invitation is for, and accept or decline.
 * Reachable signed out, since the invited address may have no account yet.
 */
export function InvitationScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = new URLSearchParams(search).get("token") ?? "";
  const me = useQuery(meQuery());
  const preview = useQuery({
    // The token stays out of the cache key: one preview per visit is all this page needs.
    queryKey: [...dashboardKeys.teams(), "invitationPreview"],
    queryFn: () => dashboardApi.previewInvitation(token),
    enabled: token !== "",
    gcTime: 0,
  });
  const answer = useMutation({
    mutationFn: (choice: "accept" | "decline") =>
      dashboardApi.answerInvitationByToken(token, choice),
    onSuccess: async ({ teamId }, choice) => {
      if (choice === "decline") return;
      notify(t("dashboard.teams.joined", { team: preview.data?.teamName ?? "" }));
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      navigate(`/dashboard/teams/${teamId}`);
    },
  });
  const declined = answer.isSuccess && answer.variables === "decline";
  const signedOut = hasStatus(me.error, 401);
  const invitation = preview.data;
  return (
    <>
      <Link to="/" className="self-start rounded-lg">
        <Logo />
      </Link>
      <PageHeader
        title={
          invitation
            ? t("dashboard.teams.joinTitle", { team: invitation.teamName })
            : t("dashboard.teams.invitationTitle")
        }
      />
      <Card>
        {/* Mounted before the answer, so that screen readers read it when it comes. */}
        <div role="status" className={declined ? undefined : "absolute"}>
          {declined ? <p>{t("dashboard.teams.declinedDone")}</p> : null}
        </div>
        {token === "" ? (
          <p>{t("dashboard.teams.noToken")}</p>
        ) : !invitation ? (
          <QueryStatus queries={[preview]} />
        ) : declined ? null : (
          <div className="flex flex-col gap-4">
            <p className="text-gray-900">
              {invitation.inviterName
                ? t(`dashboard.teams.invitedBy.${invitation.role}`, {
                    inviter: invitation.inviterName,
                    team: invitation.teamName,
                  })
                : t(`dashboard.teams.invited.${invitation.role}`, { team: invitation.teamName })}
            </p>
            <p className="text-sm text-gray-700">
              {t("dashboard.teams.sentTo", { email: invitation.email })}
            </p>
            {signedOut ? (
              <p className="text-gray-800">
                {t("dashboard.teams.signInToAccept", { email: invitation.email })}{" "}
                <Link
                  to={`/?${new URLSearchParams({ invitation: token })}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {t("dashboard.teams.signInOrUp")}
                </Link>
              </p>
            ) : null}
            <Alert message={answer.error ? errorMessage(answer.error, t) : undefined} />
            <div className="flex flex-wrap gap-2">
              {me.data ? (
                <Button disabled={answer.isPending} onClick={() => answer.mutate("accept")}>
                  {t("dashboard.teams.accept")}
                </Button>
              ) : null}
              <Button
                variant="secondary"
                disabled={answer.isPending}
                onClick={() => answer.mutate("decline")}
              >
                {t("dashboard.teams.decline")}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </>
  );
}
