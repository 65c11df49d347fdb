import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * The row of a dialog form's buttons: it sticks to the bottom of the dialog's visible area, so
 * that a form grown by its error messages keeps its button in sight.
 */
export const dialogActionsClassName =
  "sticky bottom-0 flex flex-wrap justify-end gap-2 bg-white py-2";

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** md: 420 px (spec §9), lg: wide content such as a preview. */
  size?: "md" | "lg";
  /** Where focus goes on close when the opener is gone (the row it deleted). */
  fallbackFocus?: RefObject<HTMLElement | null> | undefined;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, Escape closes,
 * focus moves in on open and goes back to the element that opened it on close, also when the
 * owner closes it by unmounting it (a Cancel button of a dialog rendered only while open).
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = "md",
  fallbackFocus,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const shown = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      shown.current = true;
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      // Removed while open, the dialog fires no close event and focus would drop to the body.
      if (dialog && !dialog.isConnected && shown.current) focusOpener(opener.current);
    };
  }, []);

  function handleClose() {
    shown.current = false;
    // The close event comes after the owner's re-render: a deleted row's button is gone by now.
    focusOpener(opener.current, fallbackFocus?.current);
    if (open) onClose();
  }

  // Its content breaks long unbroken words (a name, an address) anywhere instead of widening.
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; Escape and the close button serve the keyboard.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={handleClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) ref.current?.close();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-900/50 ${
        size === "lg" ? "max-w-3xl" : "max-w-[420px]"
      }`}
    >
      {open ? (
        <div className="flex flex-col gap-4 p-5 [overflow-wrap:anywhere] sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-1">
              <h2 id={titleId} className="text-lg font-bold text-gray-900">
                {title}
              </h2>
              {description ? (
                <div id={descriptionId} className="text-sm text-gray-600">
                  {description}
                </div>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="-me-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
                <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" />
              </svg>
              <span className="sr-only">{t("dashboard.common.close")}</span>
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

function focusOpener(opener: Element | null, fallback?: HTMLElement | null) {
  if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  else fallback?.focus();
}
