import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../core/i18n/intlLocale";
import { meQuery } from "../../api/queries";

/**
 * Dates and times in the signed-in host's zone and clock (12 or 24 h), in the page language.
 */
export function useFormatters() {
  const { i18n } = useTranslation();
  const me = useQuery(meQuery());
  const user = me.data?.user as { timeZone?: string; timeFormat?: number } | undefined;
  const timeZone = user?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const hour12 = user?.timeFormat === 12;
  const locale = intlLocale(i18n.language);
  return useMemo(() => {
    const time: Intl.DateTimeFormatOptions = {
      hour: hour12 ? "numeric" : "2-digit",
      minute: "2-digit",
      hourCycle: hour12 ? "h12" : "h23",
    };
    const dateTime = new Intl.DateTimeFormat(locale, {
      ...time,
      year: "numeric",
      month: "short",
      day: "numeric",
      timeZone,
    });
    const longDate = new Intl.DateTimeFormat(locale, {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone,
    });
    const timeOnly = new Intl.DateTimeFormat(locale, { ...time, timeZone });
    return {
      timeZone,
      hour12,
      locale,
      /** 'Nov 23, 2026, 09:30' */
      dateTime: (instant: string | number) => dateTime.format(new Date(instant)),
      /** 'Monday, November 23, 2026' */
      longDate: (instant: string | number) => longDate.format(new Date(instant)),
      /** '09:30 – 10:00' */
      timeRange: (start: string, end: string) =>
        timeOnly.formatRange(new Date(start), new Date(end)),
    };
  }, [locale, timeZone, hour12]);
}
