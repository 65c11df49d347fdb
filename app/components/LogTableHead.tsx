import type { ReactNode } from "react";

/** The header row of a dashboard log table (webhook deliveries, workflow runs). */
export function LogTableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr className="border-b border-gray-200 text-gray-700">
        {columns.map((column, index) => (
          // The columns are fixed for a table: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <th key={index} scope="col" className="p-2 text-start font-semibold">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
