import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./apiClient";

const maxRetries = 2;

/** The app's query cache. A 4xx answer will not change by asking again, so only other failures retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < maxRetries &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
