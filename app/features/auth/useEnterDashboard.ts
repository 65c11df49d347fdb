import { useQueryClient } from "@tanstack/react-query";
import { meQuery } from "../../api/queries";
import { useNavigate } from "../../router";
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
