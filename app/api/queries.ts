import { queryOptions } from "@tanstack/react-query";
import type { MeResponse } from "../../core/api/me";
import { apiClient } from "./apiClient";

/**
 * What this cache keeps of `GET /api/me` (core/api/me.ts): the signed-in user. Sign-up and
 * sign-in fill it from their answer, which carries the user alone.
 */
export type SignedIn = Pick<MeResponse, "user">;

/** The signed-in user; fails with ApiError 401 when there is no session. */
export const meQuery = () =>
  queryOptions({
    queryKey: ["me"],
    queryFn: ({ signal }): Promise<SignedIn> => apiClient.get<MeResponse>("/me", { signal }),
    staleTime: 60_000,
  });
