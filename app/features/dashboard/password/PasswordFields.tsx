import { useTranslation } from "react-i18next";
import { PASSWORD_MIN_LENGTH } from "../../../../core/accounts/accountSchemas";
import { TextField } from "../../../components/TextField";

interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors?: readonly string[];
  /** Shown once the host tried to submit. */
  showMismatch: boolean;
}

/** A new password typed twice, with the length rule and a mismatch message. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
  showMismatch,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const mismatch = showMismatch && confirm !== password;
  return (
    <>
      <TextField
        label={t("dashboard.password.new")}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        hint={t("auth.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
        errors={errors}
      />
      <TextField
        label={t("dashboard.password.confirm")}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirm(event.target.value)}
        errors={mismatch ? [t("dashboard.password.mismatch")] : undefined}
      />
    </>
  );
}

/** Whether a new password may be sent: long enough and typed the same twice. */
export function newPasswordReady(password: string, confirm: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password === confirm;
}
