import { useTranslation } from "react-i18next";
import { Tabs } from "../../components/Tabs";
import { SignInForm } from "./SignInForm";
import { SignUpForm } from "./SignUpForm";

/** Sign-up and sign-in forms as two tabs. */
export function AuthPanel() {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t("auth.tabsLabel")}
      tabs={[
        { id: "sign-up", label: t("auth.signUp.tab"), panel: <SignUpForm /> },
        { id: "sign-in", label: t("auth.signIn.tab"), panel: <SignInForm /> },
      ]}
    />
  );
}
