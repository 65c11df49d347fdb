import { useQueryClient } from "@tanstack/react-query";
import type { SessionResponse } from "../../../core/api/auth";
import { meQuery } from "../../api/queries";
import { useNavigate } from "../../router";

/**
 * After sign-up or sign-in: cache the user the server returned and open the dashboard, or
 * `next` (a dashboard path, such as the team invitation the person came from).
 */
export function useEnterDashboard(next = "/dashboard") {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return ({ user }: SessionResponse) => {
    queryClient.setQueryData(meQuery().queryKey, { user });
    navigate(next);
  };
}
