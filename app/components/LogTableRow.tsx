import type { ReactNode } from "react";

/** What a log row's status cell shows: a pill in its colours, and a line beneath (attempts). */
export interface LogRowStatus {
  label: string;
  className: string;
  detail?: ReactNode;
}

/**
 * A row of a dashboard log table (webhook deliveries, workflow runs), in the columns of
 * LogTableHead: when it happened, the `subject` cells that say what it was, its status, then
 * the `children` cells.
 */
export function LogTableRow({
  time,
  subject,
  status,
  children,
}: {
  time: string;
  subject: ReactNode;
  status: LogRowStatus;
  children: ReactNode;
}) {
  return (
    <tr className="border-b border-gray-100 align-top">
      <td className="p-2 whitespace-nowrap">{time}</td>
      {subject}
      <td className="p-2">
        <span className={`inline-block rounded-full px-2 py-0.5 font-semibold ${status.className}`}>
          {status.label}
        </span>
        {status.detail ? <div className="mt-1 text-gray-700">{status.detail}</div> : null}
      </td>
      {children}
    </tr>
  );
}
