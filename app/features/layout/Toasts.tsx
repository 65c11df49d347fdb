import { useTranslation } from "react-i18next";
import { dismissToast, useAppState } from "../../state/appState";

/** The toasts of the app state; the two live regions stay mounted so every toast is announced. */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useAppState((state) => state.toasts);
  const list = (kind: "error" | "info") =>
    toasts
      .filter((toast) => toast.kind === kind)
      .map((toast) => (
        <div
          key={toast.id}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${
            kind === "error" ? "bg-red-700 text-white" : "bg-gray-900 text-white"
          }`}
        >
          <p className="flex-1">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="-me-1 rounded px-1 font-semibold underline-offset-2 hover:underline"
          >
            {t("layout.dismiss")}
          </button>
        </div>
      ));
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      <div role="alert" className="flex w-full max-w-md flex-col gap-2">
        {list("error")}
      </div>
      <div role="status" className="flex w-full max-w-md flex-col gap-2">
        {list("info")}
      </div>
    </div>
  );
}
