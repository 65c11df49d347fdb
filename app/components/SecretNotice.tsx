import { forwardRef, type ReactNode, useId } from "react";
import { Button } from "./Button";
import { CopyButton } from "./CopyButton";

interface SecretNoticeProps {
  title: string;
  /** What the secret is for and that it is shown only now. */
  hint: ReactNode;
  secret: string;
  copyLabel: string;
  doneLabel: string;
  onDone: () => void;
  testId?: string;
}

/**
 * A signing secret shown once (a webhook's, a workflow's): its own section, focusable so the
 * screen can move focus to it as what changed, with Copy and Done.
 */
export const SecretNotice = forwardRef<HTMLElement, SecretNoticeProps>(function SecretNotice(
  { title, hint, secret, copyLabel, doneLabel, onDone, testId },
  ref,
) {
  const headingId = useId();
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <h2 id={headingId} className="font-bold text-gray-900">
        {title}
      </h2>
      <p className="text-sm text-gray-800">{hint}</p>
      <code
        dir="ltr"
        data-testid={testId}
        className="block rounded bg-white px-2 py-1 text-sm break-all text-gray-900"
      >
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={secret} label={copyLabel} />
        <Button variant="secondary" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </section>
  );
});
