import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { setupQuery } from "../../api/queries";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { TextField } from "../../components/TextField";
import { authApi } from "./authApi";
import { formText } from "./formText";
import { teamInvitationPath } from "./SignUpForm";
import { useAuthForm } from "./useAuthForm";

const fieldNames = ["email", "password"];

export function SignInForm() {
  const { t } = useTranslation();
  // Opened from a team invitation: once signed in, back to it.
  const [invitationToken] = useState(
    () => new URLSearchParams(window.location.search).get("invitation") ?? undefined,
  );
  const setup = useQuery({ ...setupQuery(undefined, invitationToken), enabled: !!invitationToken });
  const form = useAuthForm(
    fieldNames,
    authApi.signIn,
    setup.data?.invitation?.teamName && invitationToken
      ? teamInvitationPath(invitationToken)
      : undefined,
  );

  return (
    <form
      ref={form.formRef}
      noValidate
      onChange={form.handleChange}
      onSubmit={(event) =>
        form.handleSubmit(event, (data) => ({
          email: formText(data, "email").trim(),
          password: formText(data, "password"),
        }))
      }
      className="flex flex-col gap-4"
    >
      <div>
        <h2 className="text-lg font-bold text-gray-900">{t("auth.signIn.title")}</h2>
        <Alert message={form.alertMessage} className="mt-3" />
      </div>
      <TextField
        name="email"
        type="email"
        label={t("auth.fields.email")}
        autoComplete="email"
        required
        errors={form.fieldErrors.email}
      />
      <TextField
        name="password"
        type="password"
        label={t("auth.fields.password")}
        autoComplete="current-password"
        required
        errors={form.fieldErrors.password}
      />
      <Button type="submit" disabled={form.isPending}>
        {form.isPending ? t("auth.signIn.submitting") : t("auth.signIn.submit")}
      </Button>
    </form>
  );
}
