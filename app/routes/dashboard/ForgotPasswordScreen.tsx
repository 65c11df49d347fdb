import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { PageHeader } from "../../components/PageHeader";
import { TextField } from "../../components/TextField";
import { Logo } from "../../features/brand/Logo";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import { useFocusWhen } from "../../lib/useFocusWhen";
import { Link } from "../../router";

/** Ask for a password-reset link by mail; the answer is the same whoever asks. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const request = useMutation({
    mutationFn: () => dashboardApi.requestPasswordReset(email.trim()),
  });
  const answer = useRef<HTMLDivElement>(null);
  useFocusWhen(answer, request.isSuccess);
  return (
    <>
      <Link to="/" className="self-start rounded-lg">
        <Logo />
      </Link>
      <PageHeader
        title={t("dashboard.password.forgotTitle")}
        description={t("dashboard.password.forgotHint")}
      />
      <Card>
        {/* Mounted before the answer, so that screen readers read it when it comes. */}
        <div
          role="status"
          ref={answer}
          tabIndex={-1}
          className={request.isSuccess ? undefined : "absolute"}
        >
          {request.isSuccess ? (
            <p className="text-gray-800">{t("dashboard.password.sent")}</p>
          ) : null}
        </div>
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
      </Card>
    </>
  );
}
