import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../../core/i18n/intlLocale";

interface CountTableProps {
  caption: string;
  labelHeading: string;
  countHeading: string;
  rows: { key: string; label: string; count: number }[];
  empty: string;
}

/** A ranked list of counts as a table, each row with a bar of its share of the largest. */
export function CountTable({ caption, labelHeading, countHeading, rows, empty }: CountTableProps) {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  if (rows.length === 0) return <p className="text-sm text-gray-700">{empty}</p>;
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-200 text-gray-700">
          <th scope="col" className="py-1 text-start font-semibold">
            {labelHeading}
          </th>
          {/* Apart from the label's heading as the counts are from theirs, and never cut. */}
          <th scope="col" className="whitespace-nowrap py-1 ps-3 text-end font-semibold">
            {countHeading}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-gray-100">
            <th scope="row" className="py-2 text-start font-normal [overflow-wrap:anywhere]">
              <bdi className="break-all">{row.label}</bdi>
              <span
                aria-hidden="true"
                className="mt-1 block h-1.5 rounded-full bg-brand-600"
                style={{ inlineSize: `${(row.count / max) * 100}%` }}
              />
            </th>
            <td className="whitespace-nowrap py-2 ps-3 text-end align-top tabular-nums">
              {number.format(row.count)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
