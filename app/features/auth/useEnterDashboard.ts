import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { meQuery } from "../../api/queries";
import type { AuthResponse } from "./authApi";

/** After sign-up or sign-in: cache the user the server returned and open the dashboard. */
export function useEnterDashboard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return ({ user }: AuthResponse) => {
    queryClient.setQueryData(meQuery().queryKey, { user });
    navigate("/dashboard");
  };
}
