import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { Dialog, dialogActionsClassName } from "../../../components/Dialog";
import { TextField } from "../../../components/TextField";
import { notify } from "../../../state/appState";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys } from "../api/dashboardQueries";
import { formFailureAlert, useFocusFailedForm } from "../formFailure";

/** Connects a CalDAV account (server, user, app password) or subscribes to an ICS feed. */
export function ConnectCalendarDialog({
  provider,
  onClose,
}: {
  provider: "CALDAV" | "ICS";
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [serverUrl, setServerUrl] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [url, setUrl] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const save = useMutation({
    mutationFn: () =>
      dashboardApi.createCalendarConnection(
        provider === "CALDAV" ? { provider, serverUrl, username, password } : { provider, url },
      ),
    onSuccess: async () => {
      notify(t("dashboard.calendars.connected"));
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.calendarConnections() });
      onClose();
    },
  });
  useFocusFailedForm(formRef, save.error);
  const fieldErrors = fieldErrorsOf(save.error);
  const alert = formFailureAlert(save.error, ["serverUrl", "username", "password", "url"], t);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(
        provider === "CALDAV" ? "dashboard.calendars.connectCaldav" : "dashboard.calendars.addFeed",
      )}
    >
      <form
        ref={formRef}
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        {provider === "CALDAV" ? (
          <>
            <TextField
              type="url"
              dir="ltr"
              label={t("dashboard.calendars.serverUrl")}
              hint={t("dashboard.calendars.serverUrlHint")}
              value={serverUrl}
              required
              onChange={(event) => setServerUrl(event.target.value)}
              errors={fieldErrors.serverUrl}
            />
            <TextField
              label={t("dashboard.calendars.username")}
              autoComplete="off"
              dir="ltr"
              value={username}
              required
              onChange={(event) => setUsername(event.target.value)}
              errors={fieldErrors.username}
            />
            <TextField
              type="password"
              label={t("dashboard.calendars.password")}
              hint={t("dashboard.calendars.passwordHint")}
              autoComplete="new-password"
              value={password}
              required
              onChange={(event) => setPassword(event.target.value)}
              errors={fieldErrors.password}
            />
          </>
        ) : (
          <TextField
            type="url"
            dir="ltr"
            label={t("dashboard.calendars.feedUrl")}
            hint={t("dashboard.calendars.feedUrlHint")}
            value={url}
            required
            onChange={(event) => setUrl(event.target.value)}
            errors={fieldErrors.url}
          />
        )}
        <Alert message={alert} />
        <div className={dialogActionsClassName}>
          <Button variant="secondary" onClick={onClose}>
            {t("dashboard.common.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending
              ? t("dashboard.calendars.connecting")
              : t("dashboard.calendars.connect")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
