import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { settingsQuery } from "../../features/dashboard/api/dashboardQueries";
import { ChangeEmailForm } from "../../features/dashboard/settings/ChangeEmailForm";
import { HostInvitationsPanel } from "../../features/dashboard/settings/HostInvitationsPanel";
import { PhoneSettingsCard } from "../../features/dashboard/settings/PhoneSettingsCard";
import { ProfileSettingsForm } from "../../features/dashboard/settings/ProfileSettingsForm";
import { Link } from "../../router";

/**
 * Profile settings and the email address (the password has its own screen); for the
 * instance's owner, their invitations to host.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const settings = useQuery(settingsQuery());
  return (
    <>
      <PageHeader
        title={t("dashboard.settings.title")}
        description={t("dashboard.settings.description")}
        actions={
          <Link
            to="/dashboard/settings/password"
            className="inline-flex min-h-11 items-center rounded-lg border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50"
          >
            {t("dashboard.password.changeTitle")}
          </Link>
        }
      />
      {settings.data ? (
        <>
          <ProfileSettingsForm settings={settings.data} />
          <ChangeEmailForm email={settings.data.user.email} />
          <PhoneSettingsCard />
          {settings.data.user.role === "admin" ? <HostInvitationsPanel /> : null}
        </>
      ) : (
        <QueryStatus queries={[settings]} />
      )}
    </>
  );
}
