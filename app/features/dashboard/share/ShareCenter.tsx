import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";
import type { ButtonSize } from "../../../components/buttonClassName";
import { CopyButton } from "../../../components/CopyButton";
import { Dialog } from "../../../components/Dialog";
import { isolateText } from "../../../components/UserText";
import { shareUrls } from "./shareUrls";

const QrCodeDialog = lazy(() =>
  import("./QrCodeDialog").then((m) => ({ default: m.QrCodeDialog })),
);
const EmbedDialog = lazy(() => import("./EmbedDialog").then((m) => ({ default: m.EmbedDialog })));
const SocialProfileDialog = lazy(() =>
  import("./SocialProfileDialog").then((m) => ({ default: m.SocialProfileDialog })),
);
const SingleUseLinksDialog = lazy(() =>
  import("./SingleUseLinksDialog").then((m) => ({ default: m.SingleUseLinksDialog })),
);

type Panel = "share" | "social" | "qr" | "embed" | "singleUse";

interface ShareCenterProps {
  title: string;
  url: string;
  /** Single-use links need an event type the caller manages. */
  eventTypeId?: string;
  canManage?: boolean;
  buttonVariant?: "primary" | "secondary";
  buttonSize?: ButtonSize;
}

/**
 * A "Share" button and the dialogs behind it: share (copy, social networks), add to a social
 * profile, QR code, embed code and single-use links. One dialog is open at a time.
 */
export function ShareCenter({
  title,
  url,
  eventTypeId,
  canManage,
  buttonVariant = "secondary",
  buttonSize,
}: ShareCenterProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel | null>(null);
  const close = () => setPanel(null);
  const text = t("dashboard.share.text", { title });
  return (
    <>
      <Button variant={buttonVariant} size={buttonSize} onClick={() => setPanel("share")}>
        {t("dashboard.share.open")}
        <span className="sr-only"> {title}</span>
      </Button>
      <Dialog
        open={panel === "share"}
        onClose={close}
        title={t("dashboard.share.title", { title: isolateText(title) })}
        description={t("dashboard.share.description")}
      >
        <div className="flex flex-col gap-2">
          <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm break-all text-gray-900">
            <bdi>{url}</bdi>
          </p>
          <CopyButton text={url} variant="primary" />
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-gray-800">{t("dashboard.share.networks")}</h3>
          <ul className="grid grid-cols-2 gap-2">
            {shareUrls(url, text).map(({ network, href }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="flex min-h-11 items-center justify-center rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
                >
                  {t(`dashboard.share.on.${network}`)}
                  <span className="sr-only"> {t("dashboard.common.opensInNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-2 border-t border-gray-200 pt-4">
          <h3 className="text-sm font-semibold text-gray-800">{t("dashboard.share.more")}</h3>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button variant="secondary" onClick={() => setPanel("social")}>
              {t("dashboard.share.socialProfile")}
            </Button>
            <Button variant="secondary" onClick={() => setPanel("qr")}>
              {t("dashboard.share.qr")}
            </Button>
            <Button variant="secondary" onClick={() => setPanel("embed")}>
              {t("dashboard.share.embed")}
            </Button>
            {eventTypeId && canManage ? (
              <Button variant="secondary" onClick={() => setPanel("singleUse")}>
                {t("dashboard.share.singleUse")}
              </Button>
            ) : null}
          </div>
        </div>
      </Dialog>
      <Suspense fallback={null}>
        {panel === "social" ? <SocialProfileDialog url={url} onClose={close} /> : null}
        {panel === "qr" ? <QrCodeDialog url={url} title={title} onClose={close} /> : null}
        {panel === "embed" ? <EmbedDialog url={url} title={title} onClose={close} /> : null}
        {panel === "singleUse" && eventTypeId ? (
          <SingleUseLinksDialog eventTypeId={eventTypeId} title={title} onClose={close} />
        ) : null}
      </Suspense>
    </>
  );
}
