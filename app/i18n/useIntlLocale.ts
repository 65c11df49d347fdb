import { useTranslation } from "react-i18next";
import { calendarLocale } from "../../core/i18n/intlLocale";
import { useAppState } from "../state/appState";

/** The Intl locale for the active language and the invitee's calendar type. */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  const calendarType = useAppState((state) => state.calendarType);
  return calendarLocale(i18n.language, calendarType);
}
