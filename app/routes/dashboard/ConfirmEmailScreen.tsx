import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import { MailedLinkScreen } from "../../features/dashboard/MailedLinkScreen";
import { useLocation } from "../../router";

/** The page the link mailed to a new address opens: the account moves there on a click. */
export function ConfirmEmailScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get("token") ?? "";
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => dashboardApi.confirmEmailChange(token),
    onSuccess: () => queryClient.invalidateQueries(),
  });
  return (
    <MailedLinkScreen
      title={t("dashboard.email.confirmTitle")}
      hint={t("dashboard.email.confirmHint")}
      token={token}
      action={confirm}
      buttonLabel={t("dashboard.email.confirmButton")}
      done={
        confirm.data
          ? t("dashboard.email.confirmed", { email: `\u2068${confirm.data.user.email}\u2069` })
          : null
      }
    />
  );
}
