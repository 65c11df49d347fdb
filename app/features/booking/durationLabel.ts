import type { TFunction } from "i18next";

/** '30 minutes', '1 hour', '1 hour 30 minutes' (spec §9: '{0} minutes', '{0} hours {1} minutes'). */
export function durationLabel(minutes: number, t: TFunction): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t("booking.durationMinutes", { count: minutes });
  if (rest === 0) return t("booking.durationHours", { count: hours });
  return t("booking.durationHoursMinutes", { count: hours, minutes: rest });
}
