import type { ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "./Alert";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  error?: string;
  danger?: boolean;
  /** Where focus goes on close when the opener is gone (see Dialog). */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

export const dangerButtonClassName =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-base font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  pending,
  error,
  danger,
  fallbackFocus,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={message}
      fallbackFocus={fallbackFocus}
    >
      <Alert message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t("dashboard.common.cancel")}
        </Button>
        {danger ? (
          <button
            type="button"
            onClick={onConfirm}
            disabled={pending}
            className={dangerButtonClassName}
          >
            {confirmLabel}
          </button>
        ) : (
          <Button onClick={onConfirm} disabled={pending}>
            {confirmLabel}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
