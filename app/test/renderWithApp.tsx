import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach } from "vitest";
import { createI18n, loadHostCatalog } from "../i18n/i18n";

afterEach(cleanup);

/**
 * Renders `ui` as the dashboard does: the catalogs of `language` (host part included) and a
 * fresh query cache that does not retry, so a failed request shows at once.
 */
export async function renderWithApp(ui: ReactElement, { language = "en" } = {}) {
  const i18n = await createI18n(language);
  await loadHostCatalog();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const rendered = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...rendered, i18n, queryClient };
}
