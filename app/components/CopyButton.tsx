import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../state/appState";
import { Button } from "./Button";
import type { ButtonSize } from "./buttonClassName";

interface CopyButtonProps {
  text: string;
  /** The accessible name, e.g. "Copy link". */
  label?: string;
  /** What the link leads to, when a screen has several: "Copy link: Intro call". */
  subject?: string;
  variant?: "primary" | "secondary";
  size?: ButtonSize;
  className?: string;
}

/** Copies `text` to the clipboard and says so in a toast (announced by its live region). */
export function CopyButton({
  text,
  label,
  subject,
  variant = "secondary",
  size,
  className,
}: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      notify(t("dashboard.common.copied"));
    } catch {
      notify(t("dashboard.common.copyFailed"), "error");
    }
  }
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={handleCopy}
      aria-label={
        subject && !copied && !label
          ? t("dashboard.common.copyLinkOf", { name: subject })
          : undefined
      }
    >
      {copied ? t("dashboard.common.copiedShort") : (label ?? t("dashboard.common.copyLink"))}
    </Button>
  );
}
