import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { TextField } from "../../components/TextField";
import { AnswerScreen } from "../../features/dashboard/AnswerScreen";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import { Link } from "../../router";

/** Ask for a password-reset link by mail; the answer is the same whoever asks. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const request = useMutation({
    mutationFn: () => dashboardApi.requestPasswordReset(email.trim()),
  });
  return (
    <AnswerScreen
      title={t("dashboard.password.forgotTitle")}
      hint={t("dashboard.password.forgotHint")}
      answered={request.isSuccess}
      answer={<p className="text-gray-800">{t("dashboard.password.sent")}</p>}
    >
      {request.isSuccess ? null : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            request.mutate();
          }}
        >
          <Alert message={request.error ? errorMessage(request.error, t) : undefined} />
          <TextField
            label={t("auth.fields.email")}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" disabled={request.isPending || email.trim() === ""}>
            {t("dashboard.password.sendLink")}
          </Button>
        </form>
      )}
      <Link to="/" className="font-semibold text-brand-700 underline">
        {t("dashboard.password.backToSignIn")}
      </Link>
    </AnswerScreen>
  );
}
