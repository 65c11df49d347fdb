import { useTranslation } from "react-i18next";
import { ApiError } from "../api/apiClient";
import { useShowProfileOf } from "../features/profile/pageProfile";
import { useDocumentTitle } from "../lib/useDocumentTitle";

/**
 * A link that existed and no longer works (HTTP 410: a single-use link already used): says so
 * in the server's words, instead of pretending the page never existed.
 */
export function GonePage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useDocumentTitle(t("deadEnd.goneDocumentTitle"));
  useShowProfileOf(null, false);
  const reason = error instanceof ApiError && error.message ? error.message : null;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 text-center">
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-gray-900">{t("deadEnd.goneTitle")}</h1>
      {reason ? <p className="text-lg text-gray-700">{reason}</p> : null}
      <p className="text-gray-700">{t("deadEnd.askForNewLink")}</p>
    </div>
  );
}
