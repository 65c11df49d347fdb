import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { useNavigate } from "../../router";
import { authApi } from "./authApi";

/** Ends the session, forgets all cached server data and returns to the home page. */
export function SignOutButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: authApi.signOut,
    onSuccess: () => {
      navigate("/");
      queryClient.clear();
    },
  });

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? t("auth.signingOut") : t("auth.signOut")}
      </Button>
      <Alert message={signOut.error ? errorMessage(signOut.error, t) : undefined} />
    </div>
  );
}
