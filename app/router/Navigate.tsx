import { useEffect } from "react";
import { navigate } from "./navigation";

interface NavigateProps {
  to: string;
  replace?: boolean;
}

/** Navigates to `to` once rendered. */
export function Navigate({ to, replace }: NavigateProps) {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}
