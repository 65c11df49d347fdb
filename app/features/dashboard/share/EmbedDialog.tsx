import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "../../../components/CheckboxField";
import { ColorField } from "../../../components/ColorField";
import { CopyButton } from "../../../components/CopyButton";
import { Dialog } from "../../../components/Dialog";
import { TextField } from "../../../components/TextField";
import { publicUrl } from "../../../lib/publicUrl";
import { type EmbedOptions, embedSnippet } from "./embedSnippet";

interface EmbedDialogProps {
  url: string;
  title: string;
  onClose: () => void;
}

/** The embed code (inline or popup) with colour and detail options and a live preview. */
export function EmbedDialog({ url, title, onClose }: EmbedDialogProps) {
  const { t } = useTranslation();
  const modeName = useId();
  const snippetId = useId();
  const [options, setOptions] = useState<EmbedOptions>({
    mode: "inline",
    primaryColor: null,
    backgroundColor: null,
    textColor: null,
    hideDetails: false,
    buttonText: t("dashboard.embed.defaultButton"),
  });
  const set = (patch: Partial<EmbedOptions>) => setOptions((o) => ({ ...o, ...patch }));
  const snippet = embedSnippet(url, publicUrl(), options);
  // The snippet itself, run by the real embed script in a page of its own: what a visitor of
  // the host's site will get, popup button included.
  const previewDocument = `<!doctype html><html lang="${document.documentElement.lang}"><head><meta charset="utf-8"><style>body{margin:12px;font-family:system-ui,sans-serif}</style></head><body>${snippet}</body></html>`;

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t("dashboard.embed.title")}
      description={t("dashboard.embed.description")}
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-semibold text-gray-800">
              {t("dashboard.embed.mode")}
            </legend>
            {(["inline", "popup"] as const).map((mode) => (
              <label key={mode} className="flex min-h-11 items-start gap-3 py-1">
                <input
                  type="radio"
                  name={modeName}
                  checked={options.mode === mode}
                  onChange={() => set({ mode })}
                  className="mt-1 size-5 accent-brand-600"
                />
                <span className="flex flex-col">
                  <span className="font-semibold">{t(`dashboard.embed.modes.${mode}`)}</span>
                  <span className="text-sm text-gray-600">
                    {t(`dashboard.embed.modes.${mode}Hint`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {options.mode === "popup" ? (
            <TextField
              label={t("dashboard.embed.buttonText")}
              value={options.buttonText}
              onChange={(event) => set({ buttonText: event.target.value })}
            />
          ) : null}
          <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            <ColorField
              label={t("dashboard.embed.primaryColor")}
              value={options.primaryColor}
              fallback="1D4ED8"
              onChange={(primaryColor) => set({ primaryColor })}
            />
            <ColorField
              label={t("dashboard.embed.backgroundColor")}
              value={options.backgroundColor}
              fallback="F2F4F7"
              onChange={(backgroundColor) => set({ backgroundColor })}
            />
            <ColorField
              label={t("dashboard.embed.textColor")}
              value={options.textColor}
              fallback="101828"
              onChange={(textColor) => set({ textColor })}
            />
          </div>
          <CheckboxField
            label={t("dashboard.embed.hideDetails")}
            hint={t("dashboard.embed.hideDetailsHint")}
            checked={options.hideDetails}
            onChange={(hideDetails) => set({ hideDetails })}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={snippetId} className="text-sm font-semibold text-gray-800">
              {t("dashboard.embed.code")}
            </label>
            <textarea
              id={snippetId}
              readOnly
              rows={5}
              value={snippet}
              onFocus={(event) => event.target.select()}
              dir="ltr"
              className="w-full rounded-lg border border-field-border bg-gray-50 px-3 py-2 font-mono text-xs text-gray-900"
            />
            <div>
              <CopyButton text={snippet} label={t("dashboard.embed.copy")} variant="primary" />
            </div>
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-gray-800">{t("dashboard.embed.preview")}</h3>
          <iframe
            key={previewDocument}
            title={t("dashboard.embed.previewTitle", { title })}
            srcDoc={previewDocument}
            className="h-[28rem] w-full rounded-lg border border-gray-200 bg-white"
          />
        </div>
      </div>
    </Dialog>
  );
}
