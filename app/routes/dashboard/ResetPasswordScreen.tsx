import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { AnswerScreen } from "../../features/dashboard/AnswerScreen";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import {
  NewPasswordFields,
  newPasswordReady,
} from "../../features/dashboard/password/PasswordFields";
import { Link, useLocation } from "../../router";

/** The page a reset mail links to: choose a new password with the link's token. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [tried, setTried] = useState(false);
  const reset = useMutation({ mutationFn: () => dashboardApi.resetPassword(token, password) });
  const errors = fieldErrorsOf(reset.error);
  return (
    <AnswerScreen
      title={t("dashboard.password.resetTitle")}
      answered={reset.isSuccess}
      answer={
        <>
          <p className="text-gray-800">{t("dashboard.password.resetDone")}</p>
          <Link to="/" className="font-semibold text-brand-700 underline">
            {t("dashboard.password.signIn")}
          </Link>
        </>
      }
    >
      {reset.isSuccess ? null : token === "" ? (
        <p>{t("dashboard.password.noToken")}</p>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setTried(true);
            if (newPasswordReady(password, confirm)) reset.mutate();
          }}
        >
          <Alert
            message={
              reset.error && Object.keys(errors).length === 0
                ? errorMessage(reset.error, t)
                : undefined
            }
          />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            errors={errors.password}
            showMismatch={tried}
          />
          <Button type="submit" disabled={reset.isPending}>
            {t("dashboard.password.setPassword")}
          </Button>
        </form>
      )}
      {reset.isSuccess ? null : (
        <Link to="/dashboard/forgot-password" className="font-semibold text-brand-700 underline">
          {t("dashboard.password.newLink")}
        </Link>
      )}
    </AnswerScreen>
  );
}
