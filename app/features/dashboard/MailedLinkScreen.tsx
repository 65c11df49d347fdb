import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Link } from "../../router";
import { AnswerScreen } from "./AnswerScreen";

/**
 * A page a mailed link opens: it acts on a click, not on load (mail scanners open links, and a
 * visit alone should vouch for nothing), then says what happened where the button was.
 */
export function MailedLinkScreen({
  title,
  hint,
  token,
  action,
  buttonLabel,
  done,
}: {
  title: string;
  hint: string;
  token: string;
  action: UseMutationResult<unknown, Error, void>;
  buttonLabel: string;
  done: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AnswerScreen
      title={title}
      hint={hint}
      answered={action.isSuccess}
      answer={
        <>
          <p className="text-gray-800">{done}</p>
          <Link to="/dashboard" className="font-semibold text-brand-700 underline">
            {t("dashboard.email.toDashboard")}
          </Link>
        </>
      }
    >
      {action.isSuccess ? null : token === "" ? (
        <p>{t("dashboard.email.noToken")}</p>
      ) : (
        <>
          <Alert message={action.error ? errorMessage(action.error, t) : undefined} />
          <Button disabled={action.isPending} onClick={() => action.mutate()}>
            {buttonLabel}
          </Button>
        </>
      )}
    </AnswerScreen>
  );
}
