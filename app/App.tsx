import { QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter, Route, Routes } from "react-router";
import { createQueryClient } from "./api/createQueryClient";
import { PageLayout } from "./routes/PageLayout";
import { routeTable } from "./routes/routeTable";

interface AppProps {
  i18n: I18n;
}

export function App({ i18n }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Routes>
            {routeTable.map(({ name, path, Page }) => (
              <Route
                key={path}
                path={path}
                caseSensitive
                element={
                  <PageLayout routeName={name}>
                    <Page routeName={name} />
                  </PageLayout>
                }
              />
            ))}
          </Routes>
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
