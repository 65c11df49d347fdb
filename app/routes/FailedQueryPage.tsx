import { isNotFound } from "../api/apiErrors";
import { ErrorPage } from "./ErrorPage";
import { NotFoundPage } from "./NotFoundPage";

/** What a page shows when loading its data failed: the not-found page for a 404, else the error page. */
export function FailedQueryPage({ error }: { error: unknown }) {
  return isNotFound(error) ? <NotFoundPage /> : <ErrorPage error={error} />;
}
