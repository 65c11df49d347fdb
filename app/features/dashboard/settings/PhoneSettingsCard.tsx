import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { HostPhoneResponse } from "../../../../core/api/phone";
import { fieldErrorsOf } from "../../../api/apiErrors";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { QueryStatus } from "../../../components/QueryStatus";
import { TextField } from "../../../components/TextField";
import { dashboardApi } from "../api/dashboardApi";
import { dashboardKeys, phoneQuery } from "../api/dashboardQueries";

/** Isolated left-to-right, so a number reads +49 170… in Arabic and Persian too. */
function Phone({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="font-semibold text-gray-900">
      {value}
    </bdi>
  );
}

/**
 * The host's own number, for workflow texts to themselves: it is used only once the code texted
 * to it was entered here. Also shows the month's SMS use against the host's limit.
 */
export function PhoneSettingsCard() {
  const { t } = useTranslation();
  const phone = useQuery(phoneQuery());
  return (
    <Card title={t("dashboard.phone.title")} description={t("dashboard.phone.hint")}>
      {phone.data ? <PhoneSettings state={phone.data} /> : <QueryStatus queries={[phone]} />}
    </Card>
  );
}

function PhoneSettings({ state }: { state: HostPhoneResponse }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState("");
  const [code, setCode] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const update = (next: HostPhoneResponse) => queryClient.setQueryData(dashboardKeys.phone(), next);

  const ask = useMutation({
    mutationFn: (value: string) => dashboardApi.requestPhoneCode(value),
    onSuccess: (next) => {
      update(next);
      setCode("");
      setTried(false);
      setNotice(
        next.pending
          ? t("dashboard.phone.codeSent", { phone: `\u2066${next.pending.phone}\u2069` })
          : null,
      );
    },
  });
  const verify = useMutation({
    mutationFn: (value: string) => dashboardApi.verifyPhone(value),
    onSuccess: (next) => {
      update(next);
      setNumber("");
      setCode("");
      setTried(false);
      setNotice(t("dashboard.phone.verified"));
    },
  });
  const remove = useMutation({
    mutationFn: () => dashboardApi.removePhone(),
    onSuccess: () => {
      setNotice(t("dashboard.phone.removed"));
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.phone() });
    },
  });

  if (!state.sms.configured) {
    return <p className="text-sm text-gray-700">{t("dashboard.phone.notConfigured")}</p>;
  }
  const askErrors = fieldErrorsOf(ask.error);
  const verifyErrors = fieldErrorsOf(verify.error);
  const failed = [ask, verify, remove].find(
    (m) => m.error && Object.keys(fieldErrorsOf(m.error)).length === 0,
  );

  function handleAsk(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setNotice(null);
    verify.reset();
    if (number.trim()) ask.mutate(number.trim());
  }

  function handleVerify(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    ask.reset();
    if (code.trim()) verify.mutate(code.trim());
  }

  return (
    <div className="flex flex-col gap-4">
      <Alert message={failed?.error ? errorMessage(failed.error, t) : undefined} />
      <p className="text-sm text-gray-700">
        {state.phone ? (
          <>
            {t("dashboard.phone.current")} <Phone value={state.phone} />
          </>
        ) : (
          t("dashboard.phone.none")
        )}
      </p>
      {state.phone ? (
        <div>
          <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t("dashboard.phone.remove")}
          </Button>
        </div>
      ) : null}
      <form noValidate className="flex max-w-md flex-col gap-4" onSubmit={handleAsk}>
        <TextField
          label={state.phone ? t("dashboard.phone.newNumber") : t("dashboard.phone.number")}
          hint={t("dashboard.phone.numberHint")}
          type="tel"
          dir="ltr"
          autoComplete="tel"
          spellCheck={false}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          errors={askErrors.phone ?? (tried && !number.trim() ? [t("errors.required")] : undefined)}
        />
        <div>
          <Button type="submit" disabled={ask.isPending}>
            {state.pending ? t("dashboard.phone.resend") : t("dashboard.phone.sendCode")}
          </Button>
        </div>
      </form>
      {state.pending ? (
        <form noValidate className="flex max-w-md flex-col gap-4" onSubmit={handleVerify}>
          <p className="text-sm text-gray-700">
            {t("dashboard.phone.pending")} <Phone value={state.pending.phone} />
          </p>
          <TextField
            label={t("dashboard.phone.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            errors={verifyErrors.code}
          />
          <div>
            <Button type="submit" disabled={verify.isPending}>
              {t("dashboard.phone.verify")}
            </Button>
          </div>
        </form>
      ) : null}
      <p role="status" className={notice ? "text-gray-800" : undefined}>
        {notice}
      </p>
      <p className="text-sm text-gray-700">
        {state.sms.limit === null
          ? t("dashboard.phone.usageUnlimited", { segments: state.sms.segments })
          : t("dashboard.phone.usage", { segments: state.sms.segments, limit: state.sms.limit })}
      </p>
    </div>
  );
}
