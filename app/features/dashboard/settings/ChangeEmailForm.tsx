import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { TextField } from "../../../components/TextField";
import { dashboardApi } from "../api/dashboardApi";

/**
 * Asks to move the account to another address: the current password proves it is the owner,
 * and the address only changes when the link mailed to it is opened.
 */
export function ChangeEmailForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const [tried, setTried] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (address: string) =>
      dashboardApi.requestEmailChange({ email: address, currentPassword: password }),
    onSuccess: (_answer, address) => {
      setSentTo(address);
      setNewEmail("");
      setPassword("");
      setTried(false);
    },
  });
  const errors = fieldErrorsOf(change.error);
  const required = (value: string) => (tried && !value ? [t("errors.required")] : undefined);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setSentTo(null);
    if (newEmail.trim() && password) change.mutate(newEmail.trim());
  }

  return (
    <Card title={t("dashboard.email.changeTitle")} description={t("dashboard.email.changeHint")}>
      <p className="text-sm text-gray-700">
        {t("dashboard.email.current")}{" "}
        <bdi className="font-semibold break-all text-gray-900">{email}</bdi>
      </p>
      <form noValidate className="flex max-w-md flex-col gap-4" onSubmit={handleSubmit}>
        <Alert
          message={
            change.error && Object.keys(errors).length === 0
              ? errorMessage(change.error, t)
              : undefined
          }
        />
        <TextField
          label={t("dashboard.email.newEmail")}
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          errors={errors.email ?? required(newEmail.trim())}
        />
        <TextField
          label={t("dashboard.email.password")}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={errors.currentPassword ?? required(password)}
        />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {t("dashboard.email.submit")}
          </Button>
        </div>
        <p role="status" className={sentTo ? "text-gray-800" : undefined}>
          {sentTo ? t("dashboard.email.requested", { email: `\u2068${sentTo}\u2069` }) : null}
        </p>
      </form>
    </Card>
  );
}
