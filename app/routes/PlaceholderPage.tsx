import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import type { RoutePageProps } from "./routeTable";

/** Stand-in for a booking screen: names the route and its parameters. */
export function PlaceholderPage({ routeName }: RoutePageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t("placeholder.documentTitle"));
  const params = Object.entries(useParams()).filter(([, value]) => value !== undefined);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-8">
      <h1 className="text-2xl font-bold text-gray-900">{t("placeholder.title")}</h1>
      <p className="text-gray-700">{t("placeholder.description")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold text-gray-800">{t("placeholder.route")}</dt>
        <dd>
          <code>{routeName}</code>
        </dd>
        <dt className="font-semibold text-gray-800">{t("placeholder.params")}</dt>
        <dd>
          {params.length > 0 ? (
            <ul className="flex flex-col gap-1">
              {params.map(([key, value]) => (
                <li key={key} dir="ltr" className="text-start break-all">
                  <code>{key}</code> = <code>{value}</code>
                </li>
              ))}
            </ul>
          ) : (
            t("placeholder.noParams")
          )}
        </dd>
      </dl>
    </div>
  );
}
