import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { computeAvailability } from "../../../../core/availability/computeAvailability";
import { addDays } from "../../../../core/time/localDate";
import { SelectField } from "../../../components/SelectField";
import { TimeZoneField } from "../../booking/TimeZoneField";
import type { ScheduleFields } from "../api/types";

interface InviteeWeekPreviewProps {
  schedule: ScheduleFields;
  hour12: boolean;
  locale: string;
  /** Epoch ms; the preview starts today in the invitee's zone. */
  now: number;
}

function todayIn(zone: string, now: number): string {
  // en-CA writes dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(now));
}

/**
 * The next seven days as an invitee in another zone would see this schedule: the slots of a
 * meeting of the chosen length, computed by the same engine as the booking page.
 */
export function InviteeWeekPreview({ schedule, hour12, locale, now }: InviteeWeekPreviewProps) {
  const { t } = useTranslation();
  const [zone, setZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [duration, setDuration] = useState(30);
  const start = todayIn(zone, now);
  const days = useMemo(() => {
    try {
      const result = computeAvailability({
        now,
        kind: "ONE_ON_ONE",
        eventTypeId: "preview",
        duration,
        bufferBefore: 0,
        bufferAfter: 0,
        minimumNotice: 0,
        maxDaysAhead: null,
        horizonTimeZone: schedule.timeZone,
        dailyLimit: null,
        seats: null,
        hosts: [
          {
            hostId: "preview",
            schedule: {
              timeZone: schedule.timeZone,
              weekly: schedule.weekly,
              overrides: schedule.overrides,
            },
            busy: [],
          },
        ],
        window: { startDate: start, endDate: addDays(start, 6), timeZone: zone },
      });
      const byDate = new Map(result.days.map((d) => [d.date, d.slots]));
      return Array.from({ length: 7 }, (_, i) => {
        const date = addDays(start, i);
        return { date, slots: byDate.get(date) ?? [] };
      });
    } catch {
      // A draft with an unfinished range (end before start) has no preview until it is fixed.
      return null;
    }
  }, [schedule, zone, duration, start, now]);
  const dayLabel = new Intl.DateTimeFormat(locale, {
    weekday: "long",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  const timeLabel = new Intl.DateTimeFormat(locale, {
    hour: hour12 ? "numeric" : "2-digit",
    minute: "2-digit",
    hourCycle: hour12 ? "h12" : "h23",
    timeZone: zone,
  });

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TimeZoneField
          label={t("dashboard.availability.previewZone")}
          value={zone}
          onChange={setZone}
        />
        <SelectField
          label={t("dashboard.availability.previewDuration")}
          value={String(duration)}
          onChange={(event) => setDuration(Number(event.target.value))}
          options={[15, 30, 45, 60, 90].map((m) => ({
            value: String(m),
            label: t("dashboard.common.minutesCount", { count: m }),
          }))}
        />
      </div>
      {days === null ? (
        <p className="text-sm text-gray-600">{t("dashboard.availability.previewUnavailable")}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {days.map(({ date, slots }) => (
            <li key={date} className="flex flex-col gap-1 rounded-xl border border-gray-200 p-3">
              <p className="font-semibold text-gray-900">
                {dayLabel.format(new Date(`${date}T12:00:00Z`))}
              </p>
              {slots.length === 0 ? (
                <p className="text-sm text-gray-600">{t("dashboard.availability.previewNone")}</p>
              ) : (
                <p className="text-sm text-gray-800">
                  {slots.map((slot) => timeLabel.format(new Date(slot.start))).join(" · ")}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
