import { useTranslation } from "react-i18next";
import { countSmsSegments } from "../../../../core/sms/segments";

/**
 * How many SMS parts a text costs and in which alphabet, counted as the sender bills it: one
 * character outside GSM-7 (an Arabic letter, an emoji) makes the whole text UCS-2.
 */
export function SmsSegmentCount({ text }: { text: string }) {
  const { t } = useTranslation();
  const count = countSmsSegments(text);
  return (
    <span data-testid="sms-segments">
      {t("dashboard.workflows.segments", { count: count.segments })}
      {" · "}
      {count.encoding === "GSM-7"
        ? t("dashboard.workflows.encodingGsm")
        : t("dashboard.workflows.encodingUcs")}
      {" · "}
      {t("dashboard.workflows.remaining", { count: count.remaining })}
    </span>
  );
}
