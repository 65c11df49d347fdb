import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/Alert";
import { buttonClassName } from "../../../components/buttonClassName";
import { Dialog } from "../../../components/Dialog";
import { LoadingIndicator } from "../../../components/LoadingIndicator";

interface QrCodeDialogProps {
  url: string;
  title: string;
  onClose: () => void;
}

interface Codes {
  png: string;
  svg: string;
}

function fileName(title: string, extension: string): string {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "booking";
  return `${base}-qr.${extension}`;
}

/** The booking link as a QR code, to download as PNG (print, slides) or SVG (any size). */
export function QrCodeDialog({ url, title, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<Codes | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let svgUrl: string | null = null;
    let cancelled = false;
    const options = { errorCorrectionLevel: "M" as const, margin: 2 };
    Promise.all([
      QRCode.toDataURL(url, { ...options, width: 1024 }),
      QRCode.toString(url, { ...options, type: "svg" }),
    ]).then(
      ([png, svg]) => {
        if (cancelled) return;
        svgUrl = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
        setCodes({ png, svg: svgUrl });
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      if (svgUrl) URL.revokeObjectURL(svgUrl);
    };
  }, [url]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("dashboard.qr.title")}
      description={t("dashboard.qr.description")}
    >
      {failed ? <Alert message={t("dashboard.qr.failed")} /> : null}
      {codes ? (
        <>
          <img
            src={codes.png}
            alt={t("dashboard.qr.alt", { url })}
            width={256}
            height={256}
            className="mx-auto size-64 rounded-lg border border-gray-200"
          />
          <div className="grid gap-2 sm:grid-cols-2">
            <a
              href={codes.png}
              download={fileName(title, "png")}
              className={buttonClassName("primary")}
            >
              {t("dashboard.qr.downloadPng")}
            </a>
            <a
              href={codes.svg}
              download={fileName(title, "svg")}
              className={buttonClassName("secondary")}
            >
              {t("dashboard.qr.downloadSvg")}
            </a>
          </div>
        </>
      ) : failed ? null : (
        <LoadingIndicator label={t("common.loading")} />
      )}
    </Dialog>
  );
}
