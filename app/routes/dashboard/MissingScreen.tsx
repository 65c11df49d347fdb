import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { Link } from "../../router";

/** A path under /dashboard that names no screen. */
export function MissingScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("dashboard.missing.title")}
        description={t("dashboard.missing.message")}
      />
      <p>
        <Link to="/dashboard" className="font-semibold text-brand-700 underline">
          {t("dashboard.missing.back")}
        </Link>
      </p>
    </>
  );
}
