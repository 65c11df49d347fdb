import { QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { createQueryClient } from "./createQueryClient";

// One cache for the host pages (home and dashboard), kept across navigations between them.
const queryClient = createQueryClient();

/** `Page` inside TanStack Query's provider; only host pages use TanStack Query. */
export function withQueryProvider<Props extends object>(
  Page: ComponentType<Props>,
): ComponentType<Props> {
  return function WithQueryProvider(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}
