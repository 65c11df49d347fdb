import type { LoginRequest, SessionResponse, SignupRequest } from "../../../core/api/auth";
import { apiClient } from "../../api/apiClient";

/** Both sign-up and sign-in answer with the user and a bearer token, and set the session cookie. */
export const authApi = {
  signUp: (input: SignupRequest) => apiClient.post<SessionResponse>("/auth/signup", input),
  signIn: (input: LoginRequest) => apiClient.post<SessionResponse>("/auth/login", input),
  signOut: () => apiClient.post<void>("/auth/logout"),
};
