import type { FormResponseItem } from "../../core/api/routingForms";
import type { FormField } from "../../core/routingForms/formTypes";

const UTM_COLUMNS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"];

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; a text a spreadsheet
 * would run as a formula (= + - @, tab, carriage return first) gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function answerCell(answer: unknown): string {
  if (answer === undefined || answer === null) return "";
  if (Array.isArray(answer)) return answer.join(", ");
  if (typeof answer === "boolean") return answer ? "true" : "false";
  return String(answer);
}

/**
 * A form's responses as CSV (RFC 4180, CRLF lines, with a byte order mark so spreadsheets read
 * UTF-8): time, one column per field by its label, the route taken, its action, the booking's
 * id and start, and the UTM parameters. Answers to fields since removed are left out.
 */
export function responsesCsv(
  fields: readonly FormField[],
  routeNames: ReadonlyMap<string, string>,
  responses: readonly FormResponseItem[],
): string {
  const header = [
    "submitted_at",
    ...fields.map((field) => field.label),
    "route",
    "action",
    "booking_id",
    "booking_start",
    ...UTM_COLUMNS,
  ];
  const rows = responses.map((response) => [
    response.createdAt,
    ...fields.map((field) => answerCell(response.answers[field.id])),
    routeNames.get(response.routeId) ?? response.routeId,
    response.actionType,
    response.booking?.eventId ?? "",
    response.booking?.start ?? "",
    ...UTM_COLUMNS.map((name) => response.utm[name] ?? ""),
  ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
