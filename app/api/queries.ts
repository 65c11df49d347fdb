import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "./apiClient";

/** The signed-in host, as `GET /api/me` returns it (fields this client reads). */
export interface User {
  id: string;
  email: string;
  name: string;
  username: string;
  timeZone: string;
  /** Until the host follows the mailed link, their pages are not published. */
  emailVerified: boolean;
}

export interface MeResponse {
  user: User;
}

/** The signed-in user; fails with ApiError 401 when there is no session. */
export const meQuery = () =>
  queryOptions({
    queryKey: ["me"],
    queryFn: ({ signal }) => apiClient.get<MeResponse>("/me", { signal }),
    staleTime: 60_000,
  });
