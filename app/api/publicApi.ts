import { onNavigation } from "../router/navigation";
import { startLoading } from "../state/appState";
import { apiClient } from "./apiClient";
import { keepsLoading, showsLoading } from "./loadingRules";

type Call<T> = () => Promise<T>;

async function withLoading<T>(path: string, call: Call<T>): Promise<T> {
  if (!showsLoading(path)) return call();
  const stop = startLoading();
  try {
    const response = await call();
    if (keepsLoading(response)) {
      // The page is leaving; if it navigates inside the app, the next page takes over.
      const unsubscribe = onNavigation(() => {
        unsubscribe();
        stop();
      });
    } else {
      stop();
    }
    return response;
  } catch (error) {
    stop();
    throw error;
  }
}

interface Options {
  signal?: AbortSignal;
}

/** apiClient for the public pages, driving the loading indicator by the spec's rules (§4). */
export const publicApi = {
  get: <T>(path: string, options?: Options) =>
    withLoading(path, () => apiClient.get<T>(path, options)),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    withLoading(path, () => apiClient.post<T>(path, body, options)),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    withLoading(path, () => apiClient.put<T>(path, body, options)),
  delete: <T>(path: string, body?: unknown, options?: Options) =>
    withLoading(path, () => apiClient.delete<T>(path, body, options)),
};
