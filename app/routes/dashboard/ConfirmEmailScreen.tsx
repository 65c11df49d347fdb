import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Logo } from "../../features/brand/Logo";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import { Card } from "../../features/dashboard/ui/Card";
import { PageHeader } from "../../features/dashboard/ui/PageHeader";
import { Link, useLocation } from "../../router";

/**
 * The page the link mailed to a new address opens: the account moves there on a click (mail
 * scanners open links; only a person should confirm).
 */
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
    <>
      <Link to="/" className="self-start rounded-lg">
        <Logo />
      </Link>
      <PageHeader
        title={t("dashboard.email.confirmTitle")}
        description={t("dashboard.email.confirmHint")}
      />
      <Card>
        {confirm.isSuccess ? (
          <div role="status" className="flex flex-col gap-3">
            <p className="text-gray-800">
              {t("dashboard.email.confirmed", { email: `\u2068${confirm.data.user.email}\u2069` })}
            </p>
            <Link to="/dashboard" className="font-semibold text-brand-700 underline">
              {t("dashboard.email.toDashboard")}
            </Link>
          </div>
        ) : token === "" ? (
          <p>{t("dashboard.email.noToken")}</p>
        ) : (
          <>
            <Alert message={confirm.error ? errorMessage(confirm.error, t) : undefined} />
            <Button disabled={confirm.isPending} onClick={() => confirm.mutate()}>
              {t("dashboard.email.confirmButton")}
            </Button>
          </>
        )}
      </Card>
    </>
  );
}
