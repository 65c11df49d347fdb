import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../../components/Card";
import { downloadCsv, toCsv } from "./csv";

export interface DataColumn {
  label: string;
  /** Counts and amounts align to the end and keep their digits in line. */
  numeric?: boolean;
}

export interface DataRow {
  key: string;
  /** As shown, formatted in the viewer's language; the first is the row's heading. */
  cells: ReactNode[];
  /** As exported: plain values (ISO dates, bare numbers). */
  csv: (string | number)[];
}

interface DataCardProps {
  title: string;
  description?: ReactNode;
  columns: DataColumn[];
  rows: DataRow[];
  /** The CSV file's name, without `.csv`. */
  csvName: string;
  /** The chart of the rows, hidden from assistive technology: the table says the same. */
  chart?: ReactNode;
  /** What an empty table says instead. */
  empty: string;
  testId?: string;
  /** The figures shown are the last filter's while the new one's load (aria-busy). */
  busy?: boolean;
}

/**
 * A chart with its figures as a table (always read by screen readers; shown on request, or
 * always when there is no chart) and a CSV download of the table.
 */
export function DataCard({
  title,
  description,
  columns,
  rows,
  csvName,
  chart,
  empty,
  testId,
  busy = false,
}: DataCardProps) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const visible = showTable || !chart;
  const table = (
    <table className="w-full text-sm">
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr className="border-b border-gray-200 text-gray-700">
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              className={`py-1 font-semibold ${column.numeric ? "ps-3 text-end whitespace-nowrap" : "text-start"}`}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-gray-100">
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <th
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                  key={index}
                  scope="row"
                  className="py-2 text-start font-normal [overflow-wrap:anywhere]"
                >
                  <bdi>{cell}</bdi>
                </th>
              ) : (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                  key={index}
                  className={`py-2 ${columns[index]?.numeric ? "ps-3 text-end tabular-nums whitespace-nowrap" : "ps-3 text-start"}`}
                >
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const handleDownload = () =>
    downloadCsv(
      `${csvName}.csv`,
      toCsv(
        columns.map((column) => column.label),
        rows.map((row) => row.csv),
      ),
    );
  return (
    <Card
      title={title}
      description={description}
      actions={
        rows.length > 0 ? (
          <button
            type="button"
            onClick={handleDownload}
            className="min-h-11 rounded-lg border border-gray-300 px-3 text-sm font-semibold text-gray-800 hover:bg-gray-50"
          >
            {t("dashboard.bookingInsights.downloadCsv")}
            <span className="sr-only">{`: ${title}`}</span>
          </button>
        ) : null
      }
    >
      <div data-testid={testId} aria-busy={busy || undefined} className="flex flex-col gap-3">
        {rows.length === 0 ? (
          <p className="text-sm text-gray-700">{empty}</p>
        ) : (
          <>
            {chart ? (
              <div aria-hidden="true" className="h-64 w-full">
                {chart}
              </div>
            ) : null}
            {chart ? (
              <div>
                <button
                  type="button"
                  aria-expanded={showTable}
                  aria-controls={tableId}
                  onClick={() => setShowTable((shown) => !shown)}
                  className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-700 underline"
                >
                  {showTable
                    ? t("dashboard.insights.hideTable")
                    : t("dashboard.insights.showTable")}
                  <span className="sr-only">{`: ${title}`}</span>
                </button>
              </div>
            ) : null}
            {/* A scrolling box must take focus so keyboard users can scroll it. */}
            {visible ? (
              <section
                id={tableId}
                className="max-h-96 overflow-auto"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
                tabIndex={0}
                aria-label={title}
              >
                {table}
              </section>
            ) : (
              <div id={tableId} className="sr-only">
                {table}
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
