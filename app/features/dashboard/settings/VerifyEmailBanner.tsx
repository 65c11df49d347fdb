import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { hasStatus } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { meQuery } from "../../../api/queries";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";

/** Above every dashboard screen until the host verifies their address: nothing is published before. */
export function VerifyEmailBanner({ email, sendsMail }: { email: string; sendsMail: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => dashboardApi.resendVerification(),
    onSuccess: () => notify(t("dashboard.email.resent")),
    onError: async (error) => {
      // Verified meanwhile, in another tab: the banner goes.
      if (hasStatus(error, 409)) {
        await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
      }
    },
  });
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="font-bold text-gray-900">
          {t("dashboard.email.bannerTitle")}
        </h2>
        <p className="text-sm text-gray-800">
          {t(sendsMail ? "dashboard.email.bannerText" : "dashboard.email.bannerTextNoMail", {
            email: `\u2068${email}\u2069`,
          })}
        </p>
        <Alert message={resend.error ? errorMessage(resend.error, t) : undefined} />
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {t("dashboard.email.resend")}
      </Button>
    </section>
  );
}
