import { useTranslation } from "react-i18next";

/** The Slotted mark and name. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-2 text-xl font-bold text-gray-900">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <rect
          x="7"
          y="9"
          width="18"
          height="16"
          rx="3"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
        />
        <path d="M7 14h18M12 6v5M20 6v5" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      {t("common.appName")}
    </span>
  );
}
