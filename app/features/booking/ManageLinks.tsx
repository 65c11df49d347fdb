import { useTranslation } from "react-i18next";
import { Link } from "../../router/Link";

/** 'Need to make a change?' with the invitee's reschedule and cancel links. */
export function ManageLinks({ links }: { links: { cancel: string; reschedule: string } }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
      <span className="text-gray-700">{t("confirmation.needChanges")}</span>
      <Link to={links.reschedule} keepQuery className="font-semibold text-brand-700 underline">
        {t("confirmation.reschedule")}
      </Link>
      <Link to={links.cancel} keepQuery className="font-semibold text-brand-700 underline">
        {t("confirmation.cancel")}
      </Link>
    </p>
  );
}
