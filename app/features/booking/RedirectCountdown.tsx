import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isEmbedded, postToParent } from "../embed/embedded";

interface RedirectCountdownProps {
  url: string;
  seconds: number;
  /** Redirect the embedding page instead of the frame (redirect_parent). */
  inParent: boolean;
}

function go(url: string, inParent: boolean) {
  if (inParent && isEmbedded()) {
    // The embed script navigates the host page; a plain iframe may still let us do it.
    postToParent("redirect", { url });
    try {
      if (window.top) window.top.location.href = url;
    } catch {
      // Cross-origin top navigation without a user gesture can be refused.
    }
    return;
  }
  window.location.href = url;
}

/**
 * The host's redirect after the booking, after a countdown in seconds that the invitee can
 * stop (WCAG 2.2.1): someone reading the confirmation slowly is not taken away from it.
 */
export function RedirectCountdown({ url, seconds, inParent }: RedirectCountdownProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  const [stopped, setStopped] = useState(false);
  const continueRef = useRef<HTMLAnchorElement>(null);
  const safe = /^https?:\/\//i.test(url);

  useEffect(() => {
    if (!safe || stopped) return;
    if (left <= 0) {
      go(url, inParent);
      return;
    }
    const timer = setTimeout(() => setLeft((current) => current - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, url, inParent, safe, stopped]);

  const handleStop = () => {
    setStopped(true);
    // The stop button goes; the way on stays within reach.
    continueRef.current?.focus();
  };

  if (!safe) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700">
      <p>
        {stopped
          ? t("confirmation.redirectStopped")
          : t("confirmation.redirecting", { count: Math.max(left, 0) })}
      </p>
      <a
        ref={continueRef}
        href={url}
        target={inParent ? "_top" : undefined}
        className="font-semibold text-brand-700 underline"
      >
        {t("confirmation.redirectNow")}
      </a>
      {stopped ? null : (
        <button
          type="button"
          onClick={handleStop}
          className="font-semibold text-brand-700 underline"
        >
          {t("confirmation.redirectStop")}
        </button>
      )}
    </div>
  );
}
