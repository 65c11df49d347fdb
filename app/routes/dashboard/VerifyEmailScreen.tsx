import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { meQuery } from "../../api/queries";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import { MailedLinkScreen } from "../../features/dashboard/MailedLinkScreen";
import { useLocation } from "../../router";

/** The page a sign-up's verification mail links to: the address is verified on a click. */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get("token") ?? "";
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => dashboardApi.verifyEmail(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery().queryKey }),
  });
  return (
    <MailedLinkScreen
      title={t("dashboard.email.verifyTitle")}
      hint={t("dashboard.email.verifyHint")}
      token={token}
      action={verify}
      buttonLabel={t("dashboard.email.verifyButton")}
      done={t("dashboard.email.verified")}
    />
  );
}
