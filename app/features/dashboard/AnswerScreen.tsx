import { type ReactNode, useRef } from "react";
import { Card } from "../../components/Card";
import { PageHeader } from "../../components/PageHeader";
import { useFocusWhen } from "../../lib/useFocusWhen";
import { Link } from "../../router";
import { Logo } from "../brand/Logo";

/**
 * The frame of the account pages outside the dashboard (a mailed link's, the password pages):
 * the logo home, the heading, and a card where `answer` takes the place of the controls
 * (`children`) once `answered`, in a live region that takes the focus then.
 */
export function AnswerScreen({
  title,
  hint,
  answered,
  answer,
  children,
}: {
  title: string;
  hint?: string;
  answered: boolean;
  answer: ReactNode;
  children: ReactNode;
}) {
  const region = useRef<HTMLDivElement>(null);
  useFocusWhen(region, answered);
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
          ref={region}
          tabIndex={-1}
          className={answered ? "flex flex-col gap-3" : "absolute"}
        >
          {answered ? answer : null}
        </div>
        {children}
      </Card>
    </>
  );
}
