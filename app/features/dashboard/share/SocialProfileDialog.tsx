import { useTranslation } from "react-i18next";
import { CopyButton } from "../../../components/CopyButton";
import { Dialog } from "../../../components/Dialog";
import { PROFILE_SETTINGS_URLS, type ProfileNetwork } from "./shareUrls";

interface SocialProfileDialogProps {
  url: string;
  onClose: () => void;
}

/** How to put the booking link on a social profile: copy it, then open the profile settings. */
export function SocialProfileDialog({ url, onClose }: SocialProfileDialogProps) {
  const { t } = useTranslation();
  const networks = Object.entries(PROFILE_SETTINGS_URLS) as [ProfileNetwork, string][];
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("dashboard.social.title")}
      description={t("dashboard.social.description")}
    >
      <ol className="flex list-decimal flex-col gap-3 ps-5 text-sm text-gray-800">
        <li className="flex flex-col gap-2">
          {t("dashboard.social.stepCopy")}
          <p className="rounded-lg bg-gray-50 px-3 py-2 break-all">
            <bdi>{url}</bdi>
          </p>
          <CopyButton text={url} />
        </li>
        <li className="flex flex-col gap-2">
          {t("dashboard.social.stepOpen")}
          <ul className="grid grid-cols-2 gap-2">
            {networks.map(([network, href]) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="flex min-h-11 items-center justify-center rounded-lg border border-gray-300 px-3 py-2 font-semibold text-gray-900 hover:bg-gray-50"
                >
                  {t(`dashboard.social.networks.${network}`)}
                  <span className="sr-only"> {t("dashboard.common.opensInNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </li>
        <li>{t("dashboard.social.stepPaste")}</li>
      </ol>
    </Dialog>
  );
}
