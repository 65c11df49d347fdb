import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN_LENGTH } from "../../../core/accounts/accountSchemas";
import { fieldErrorsOf } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { BackLink } from "../../components/BackLink";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { PageHeader } from "../../components/PageHeader";
import { TextField } from "../../components/TextField";
import { dashboardApi } from "../../features/dashboard/api/dashboardApi";
import {
  NewPasswordFields,
  newPasswordReady,
} from "../../features/dashboard/password/PasswordFields";
import { notify } from "../../state/appState";

/** Change the password; every other session signs out. */
export function PasswordScreen() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [tried, setTried] = useState(false);
  const change = useMutation({
    mutationFn: () =>
      dashboardApi.changePassword({ currentPassword: current, newPassword: password }),
    onSuccess: () => {
      setCurrent("");
      setPassword("");
      setConfirm("");
      setTried(false);
      notify(t("dashboard.password.changed"));
    },
  });
  const errors = fieldErrorsOf(change.error);
  const tooShort =
    tried && password.length < PASSWORD_MIN_LENGTH
      ? [t("errors.tooShort", { min: PASSWORD_MIN_LENGTH })]
      : undefined;
  return (
    <>
      <PageHeader
        title={t("dashboard.password.changeTitle")}
        back={<BackLink to="/dashboard/settings" label={t("dashboard.nav.settings")} />}
      />
      <Card description={t("dashboard.password.changeHint")}>
        <form
          noValidate
          className="flex max-w-md flex-col gap-4"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setTried(true);
            if (current && newPasswordReady(password, confirm)) change.mutate();
          }}
        >
          <Alert
            message={
              change.error && Object.keys(errors).length === 0
                ? errorMessage(change.error, t)
                : undefined
            }
          />
          <TextField
            label={t("dashboard.password.current")}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            errors={
              errors.currentPassword ?? (tried && !current ? [t("errors.required")] : undefined)
            }
          />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            errors={errors.newPassword ?? tooShort}
            showMismatch={tried}
          />
          <div>
            <Button type="submit" disabled={change.isPending}>
              {t("dashboard.password.change")}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
