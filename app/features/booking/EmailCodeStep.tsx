import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EMAIL_CODE_LENGTH } from "../../../core/booking/bookingFormLimits";
import { fieldErrorsOf } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { Button } from "../../components/Button";
import { TextField } from "../../components/TextField";
import { BackButton } from "./BackButton";

interface EmailCodeStepProps {
  email: string;
  /** Seconds before a new code may be asked for (CODE_EXPIRES_IN). */
  expiresIn: number;
  /** Sends a new code; resolves with the next countdown in seconds. */
  onResend: () => Promise<number>;
  /** Schedules with the code; rejects with the API error when the code is wrong. */
  onSubmit: (code: string) => Promise<void>;
  onBack: () => void;
}

/** The email verification step: the code sent by mail, and a resend after the countdown. */
export function EmailCodeStep({
  email,
  expiresIn,
  onResend,
  onSubmit,
  onBack,
}: EmailCodeStepProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [pending, setPending] = useState(false);
  const [resendAt, setResendAt] = useState(() => Date.now() + expiresIn * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = code.replace(/\s/g, "");
    if (digits.length === 0) {
      setError(t("errors.required"));
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await onSubmit(digits);
    } catch (failure) {
      setPending(false);
      const messages = fieldErrorsOf(failure).emailCode;
      setError(messages ? messages.join(", ") : errorMessage(failure, t));
    }
  }

  async function handleResend() {
    setAlert(undefined);
    try {
      const seconds = await onResend();
      setResendAt(Date.now() + seconds * 1000);
      setNow(Date.now());
      setAlert(t("emailCode.resent", { email }));
    } catch (failure) {
      setAlert(errorMessage(failure, t));
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex max-w-md flex-col gap-4">
      <BackButton onBack={onBack} />
      <h2 id={headingId} className="text-xl font-bold text-gray-900">
        {t("emailCode.title")}
      </h2>
      <p className="text-gray-700">{t("emailCode.sent", { email })}</p>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <div role="status" className="text-sm text-gray-700">
          {alert}
        </div>
        <TextField
          label={t("emailCode.code")}
          name="emailCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={EMAIL_CODE_LENGTH + 2}
          autoFocus
          value={code}
          errors={error ? [error] : []}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? t("details.scheduling") : t("details.schedule")}
          </Button>
          <Button variant="secondary" disabled={secondsLeft > 0} onClick={handleResend}>
            {secondsLeft > 0
              ? t("emailCode.resendIn", { count: secondsLeft })
              : t("emailCode.resend")}
          </Button>
        </div>
      </form>
    </section>
  );
}
