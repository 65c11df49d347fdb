import { hasStatus, isNotFound } from "../api/apiErrors";
import { ErrorPage } from "./ErrorPage";
import { GonePage } from "./GonePage";
import { NotFoundPage } from "./NotFoundPage";

/**
 * What a page shows when loading its data failed: the not-found page for a 404, what happened
 * to a link that no longer works for a 410, else the error page.
 */
export function FailedQueryPage({ error }: { error: unknown }) {
  if (isNotFound(error)) return <NotFoundPage />;
  if (hasStatus(error, 410)) return <GonePage error={error} />;
  return <ErrorPage error={error} />;
}
