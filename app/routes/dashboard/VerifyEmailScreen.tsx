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
 * The page a sign-up's verification mail links to. It verifies on a click, not on load: mail
 * scanners open links, and a visit alone should not vouch for an address.
 */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get("token") ?? "";
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => dashboardApi.verifyEmail(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["me"] }),
  });
  return (
    <>
      <Link to="/" className="self-start rounded-lg">
        <Logo />
      </Link>
      <PageHeader
        title={t("dashboard.email.verifyTitle")}
        description={t("dashboard.email.verifyHint")}
      />
      <Card>
        {verify.isSuccess ? (
          <div role="status" className="flex flex-col gap-3">
            <p className="text-gray-800">{t("dashboard.email.verified")}</p>
            <Link to="/dashboard" className="font-semibold text-brand-700 underline">
              {t("dashboard.email.toDashboard")}
            </Link>
          </div>
        ) : token === "" ? (
          <p>{t("dashboard.email.noToken")}</p>
        ) : (
          <>
            <Alert message={verify.error ? errorMessage(verify.error, t) : undefined} />
            <Button disabled={verify.isPending} onClick={() => verify.mutate()}>
              {t("dashboard.email.verifyButton")}
            </Button>
          </>
        )}
      </Card>
    </>
  );
}
