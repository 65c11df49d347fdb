import { useTranslation } from "react-i18next";
import { ApiError } from "../api/apiClient";
import { errorMessage } from "../api/errorMessage";
import { Button } from "../components/Button";
import { useDocumentTitle } from "../lib/useDocumentTitle";

interface ErrorPageProps {
  error: unknown;
}

/** What a page shows instead of content that failed: the status (default 500) and a way out. */
export function ErrorPage({ error }: ErrorPageProps) {
  const { t } = useTranslation();
  const status = error instanceof ApiError && error.status > 0 ? error.status : 500;
  useDocumentTitle(t("errors.pageTitle"));

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 text-center">
      <p className="text-sm font-semibold text-gray-600">{t("errors.pageStatus", { status })}</p>
      <h1 className="text-2xl font-bold text-gray-900">{t("errors.pageTitle")}</h1>
      <p className="text-gray-700">{errorMessage(error, t)}</p>
      <Button onClick={() => window.location.reload()}>{t("errors.reload")}</Button>
    </div>
  );
}
