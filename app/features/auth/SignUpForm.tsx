import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { setupQuery } from "../../api/queries";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { TextField } from "../../components/TextField";
import { browserTimeZone } from "../../lib/browserTimeZone";
import { publicUrl } from "../../lib/publicUrl";
import { authApi } from "./authApi";
import { formText } from "./formText";
import { suggestUsername } from "./suggestUsername";
import { useAuthForm } from "./useAuthForm";

const fieldNames = ["name", "email", "username", "password"];
const passwordMinLength = 8;
// `-` is escaped because browsers compile the pattern attribute with the `v` flag.
const usernamePattern = "[a-z0-9](?:[a-z0-9\\-]*[a-z0-9])?";

/** The dashboard path of a team invitation, from its mailed token. */
export const teamInvitationPath = (token: string) =>
  `/dashboard/invitation?${new URLSearchParams({ token })}`;

export function SignUpForm() {
  const { t } = useTranslation();
  // Opened from a mailed invitation (the owner's to host, or a team's): its token proves the
  // address, which the form then keeps.
  const [invitationToken] = useState(
    () => new URLSearchParams(window.location.search).get("invitation") ?? undefined,
  );
  const [name, setName] = useState("");
  const [typedUsername, setTypedUsername] = useState<string>();
  const username = typedUsername ?? suggestUsername(name);
  // Opened from the setup link the server prints at start: its token claims the instance.
  const [setupToken] = useState(
    () => new URLSearchParams(window.location.search).get("setup") ?? undefined,
  );
  const setup = useQuery(setupQuery(setupToken, invitationToken));
  const invitation = setup.data?.invitation ?? null;
  const form = useAuthForm(
    fieldNames,
    authApi.signUp,
    invitation?.teamName && invitationToken ? teamInvitationPath(invitationToken) : undefined,
  );
  const ownerSetup = setup.data?.ownerSetup === true;
  const notice = ownerSetup
    ? t("auth.signUp.ownerNotice")
    : invitation?.teamName
      ? t("auth.signUp.teamInvitedNotice", { email: invitation.email, team: invitation.teamName })
      : invitation
        ? t("auth.signUp.invitedNotice", { email: invitation.email })
        : invitationToken && setup.data
          ? t("auth.signUp.invitationGone")
          : setup.data?.signup === "closed"
            ? t("auth.signUp.closedNotice")
            : setup.data?.signup === "invite"
              ? t("auth.signUp.inviteNotice")
              : null;

  return (
    <form
      ref={form.formRef}
      noValidate
      onChange={form.handleChange}
      onSubmit={(event) =>
        form.handleSubmit(event, (data) => ({
          name: formText(data, "name").trim(),
          email: formText(data, "email").trim(),
          username: formText(data, "username"),
          password: formText(data, "password"),
          timeZone: browserTimeZone(),
          ...(ownerSetup ? { owner: true, setupToken } : {}),
          ...(invitation && invitationToken ? { invitation: invitationToken } : {}),
        }))
      }
      className="flex flex-col gap-4"
    >
      <div>
        <h2 className="text-lg font-bold text-gray-900">{t("auth.signUp.title")}</h2>
        {notice ? (
          <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-gray-900">
            {notice}
          </p>
        ) : null}
        <Alert message={form.alertMessage} className="mt-3" />
      </div>
      <TextField
        name="name"
        label={t("auth.fields.name")}
        autoComplete="name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        errors={form.fieldErrors.name}
      />
      <TextField
        // The invited address, kept: the invitation is bound to it.
        key={invitation?.email ?? ""}
        name="email"
        type="email"
        label={t("auth.fields.email")}
        autoComplete="email"
        required
        defaultValue={invitation?.email}
        readOnly={invitation !== null}
        errors={form.fieldErrors.email}
      />
      <TextField
        name="username"
        label={t("auth.fields.username")}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        pattern={usernamePattern}
        value={username}
        onChange={(event) => setTypedUsername(event.target.value.toLowerCase())}
        errors={form.fieldErrors.username}
        hint={
          <>
            <p>{t("auth.fields.usernameHint")}</p>
            <p>
              {t("auth.fields.usernameLink")}{" "}
              <bdi className="font-medium break-all text-gray-800">
                {publicUrl()}/{username || t("auth.fields.usernamePlaceholder")}
              </bdi>
            </p>
          </>
        }
      />
      <TextField
        name="password"
        type="password"
        label={t("auth.fields.password")}
        autoComplete="new-password"
        required
        minLength={passwordMinLength}
        hint={t("auth.fields.passwordHint", { min: passwordMinLength })}
        errors={form.fieldErrors.password}
      />
      <Button type="submit" disabled={form.isPending}>
        {form.isPending ? t("auth.signUp.submitting") : t("auth.signUp.submit")}
      </Button>
    </form>
  );
}
