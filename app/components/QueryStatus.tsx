import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../api/errorMessage";
import { Alert } from "./Alert";
import { LoadingIndicator } from "./LoadingIndicator";

/** The spinner while any query loads, else the first failure; null when all have data. */
export function QueryStatus({ queries }: { queries: readonly UseQueryResult<unknown>[] }) {
  const { t } = useTranslation();
  const failed = queries.find((q) => q.isError);
  if (failed) return <Alert message={errorMessage(failed.error, t)} />;
  if (queries.some((q) => q.isPending)) return <LoadingIndicator label={t("common.loading")} />;
  return null;
}
