import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../lib/useDocumentTitle";

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** A link back up, e.g. to the list. */
  back?: ReactNode;
}

/** A dashboard screen's h1 and main actions; also sets the document title. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} – ${t("common.appName")}`);
  return (
    <div className="flex flex-col gap-2">
      {back}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold break-words text-gray-900 sm:text-3xl">{title}</h1>
          {description ? <div className="text-gray-700">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
