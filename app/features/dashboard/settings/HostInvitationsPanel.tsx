import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SetupStatus } from "../../../../core/api/auth";
import type {
  HostInvitationListResponse,
  HostInvitationResponse,
} from "../../../../core/api/hostInvitations";
import { apiClient } from "../../../api/apiClient";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { setupQuery } from "../../../api/queries";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { TextField } from "../../../components/TextField";
import { useIntlLocale } from "../../../i18n/useIntlLocale";
import { dashboardKeys } from "../api/dashboardQueries";

const invitationsKey = [...dashboardKeys.all, "hostInvitations"] as const;

/** Why invitations cannot be used as they stand on this server, if they cannot. */
function signupNote(setup: SetupStatus | undefined): "closed" | "noMail" | null {
  if (setup?.signup === "closed") return "closed";
  if (setup && !setup.sendsMail) return "noMail";
  return null;
}

/**
 * The instance owner's panel: invite someone to sign up as a host (a mailed link bound to
 * their address, which is what SIGNUP=invite lets in), see who has not signed up yet, and
 * take an invitation back.
 */
export function HostInvitationsPanel() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<HostInvitationResponse | null>(null);
  const setup = useQuery(setupQuery());
  const list = useQuery({
    queryKey: invitationsKey,
    queryFn: ({ signal }) =>
      apiClient.get<HostInvitationListResponse>("/host-invitations", { signal }),
  });
  const invite = useMutation({
    mutationFn: (address: string) =>
      apiClient.post<HostInvitationResponse>("/host-invitations", { email: address }),
    onSuccess: (answer) => {
      setSent(answer);
      setEmail("");
      void queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiClient.delete(`/host-invitations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
  const errors = fieldErrorsOf(invite.error);
  const note = signupNote(setup.data);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    if (email.trim()) invite.mutate(email.trim());
  }

  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const invitations = list.data?.invitations ?? [];

  return (
    <Card
      title={t("dashboard.hostInvitations.title")}
      description={t("dashboard.hostInvitations.description")}
    >
      {note ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-gray-900">
          {t(
            note === "closed"
              ? "dashboard.hostInvitations.closed"
              : "dashboard.hostInvitations.noMail",
          )}
        </p>
      ) : null}
      <form noValidate className="flex max-w-md flex-col gap-4" onSubmit={handleSubmit}>
        <Alert
          message={
            invite.error && Object.keys(errors).length === 0
              ? errorMessage(invite.error, t)
              : undefined
          }
        />
        <TextField
          label={t("dashboard.hostInvitations.email")}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={errors.email}
        />
        <Button type="submit" className="self-start" disabled={invite.isPending}>
          {t("dashboard.hostInvitations.send")}
        </Button>
      </form>
      {sent ? (
        <div role="status" className="flex flex-col gap-2 text-sm text-gray-800">
          <p>
            {t(
              setup.data?.sendsMail === false
                ? "dashboard.hostInvitations.made"
                : "dashboard.hostInvitations.sent",
              { email: sent.invitation.email },
            )}
          </p>
          <p>{t("dashboard.hostInvitations.link")}</p>
          <bdi dir="ltr" className="block rounded-lg bg-gray-50 p-2 font-mono text-xs break-all">
            {sent.url}
          </bdi>
        </div>
      ) : null}
      <Alert message={revoke.error ? errorMessage(revoke.error, t) : undefined} />
      <h3 className="font-semibold text-gray-900">{t("dashboard.hostInvitations.pending")}</h3>
      {invitations.length === 0 ? (
        <p className="text-sm text-gray-600">{t("dashboard.hostInvitations.none")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <bdi className="block font-medium break-all text-gray-900">{invitation.email}</bdi>
                <span className="text-sm text-gray-600">
                  {t("dashboard.hostInvitations.expires", {
                    date: date.format(new Date(invitation.expiresAt)),
                  })}
                </span>
              </div>
              <Button
                variant="secondary"
                size="compact"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invitation.id)}
                aria-label={t("dashboard.hostInvitations.revokeLabel", { email: invitation.email })}
              >
                {t("dashboard.hostInvitations.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
