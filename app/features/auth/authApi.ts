import { apiClient } from "../../api/apiClient";
import type { User } from "../../api/queries";

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  username: string;
  timeZone: string;
  /** Asks to become the instance's owner (granted while it has none, from its machine or setup link). */
  owner?: boolean;
  /** The setup link's token (`?setup=`). */
  setupToken?: string;
}

export interface SignInInput {
  email: string;
  password: string;
}

/** Both sign-up and sign-in answer with the user and a bearer token, and set the session cookie. */
export interface AuthResponse {
  user: User;
  token: string;
}

export const authApi = {
  signUp: (input: SignUpInput) => apiClient.post<AuthResponse>("/auth/signup", input),
  signIn: (input: SignInInput) => apiClient.post<AuthResponse>("/auth/login", input),
  signOut: () => apiClient.post<void>("/auth/logout"),
};
