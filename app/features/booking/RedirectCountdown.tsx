import { useEffect, useState } from "react";
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

/** The host's redirect after the booking, after a countdown in seconds. */
export function RedirectCountdown({ url, seconds, inParent }: RedirectCountdownProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  const safe = /^https?:\/\//i.test(url);

  useEffect(() => {
    if (!safe) return;
    if (left <= 0) {
      go(url, inParent);
      return;
    }
    const timer = setTimeout(() => setLeft((current) => current - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, url, inParent, safe]);

  if (!safe) return null;
  return (
    <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700">
      {t("confirmation.redirecting", { count: Math.max(left, 0) })}{" "}
      <a
        href={url}
        target={inParent ? "_top" : undefined}
        className="font-semibold text-brand-700 underline"
      >
        {t("confirmation.redirectNow")}
      </a>
    </p>
  );
}
