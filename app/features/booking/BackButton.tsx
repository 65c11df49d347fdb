import { useTranslation } from "react-i18next";

/** "Back" from a booking step to the one before; the arrow turns with the reading direction. */
export function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onBack}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-full px-3 font-semibold text-brand-700 hover:bg-brand-600/10"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 rtl:rotate-180">
        <path d="m12 5-5 5 5 5" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      {t("details.back")}
    </button>
  );
}
