import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { PageHeader } from "../../components/PageHeader";
import { useFocusWhen } from "../../lib/useFocusWhen";
import { Link } from "../../router";
import { Logo } from "../brand/Logo";

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
  const answer = useRef<HTMLDivElement>(null);
  useFocusWhen(answer, action.isSuccess);
  return (
    <>
      <Link to="/" className="self-start rounded-lg">
        <Logo />
      </Link>
      <PageHeader title={title} description={hint} />
      <Card>
        {/* Mounted before the answer, so that screen readers read it when it comes. */}
        <div
          role="status"
          ref={answer}
          tabIndex={-1}
          className={action.isSuccess ? "flex flex-col gap-3" : "absolute"}
        >
          {action.isSuccess ? (
            <>
              <p className="text-gray-800">{done}</p>
              <Link to="/dashboard" className="font-semibold text-brand-700 underline">
                {t("dashboard.email.toDashboard")}
              </Link>
            </>
          ) : null}
        </div>
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
      </Card>
    </>
  );
}
