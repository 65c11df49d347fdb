/**
 * Rows as CSV (RFC 4180: commas, CRLF, quotes doubled), with a byte order mark so spreadsheet
 * programs read it as UTF-8. A cell starting with = + - @ or a tab gets a leading apostrophe,
 * so a spreadsheet shows it as text instead of running it as a formula.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const cell = (value: string | number) => {
    if (typeof value === "number") return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** Offers `csv` as a download named `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
