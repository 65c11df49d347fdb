import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type CalendarType, setCalendarType, useAppState } from "../../state/appState";
import { selectClassName } from "./LanguageSwitcher";

/** The calendar the month calendar shows: Gregorian (default) or Persian. */
export function CalendarTypeSelect() {
  const { t } = useTranslation();
  const id = useId();
  const calendarType = useAppState((state) => state.calendarType);
  return (
    <div className="flex max-w-full flex-wrap items-center gap-x-2 gap-y-1">
      <label htmlFor={id}>{t("layout.calendarType")}</label>
      <select
        id={id}
        className={selectClassName}
        value={calendarType}
        onChange={(event) => setCalendarType(event.target.value as CalendarType)}
      >
        <option value="gregorian">{t("layout.calendarGregorian")}</option>
        <option value="persian">{t("layout.calendarPersian")}</option>
      </select>
    </div>
  );
}
