import { useTranslation } from "react-i18next";
import { useAppState } from "../state/appState";
import { calendarLocale } from "./intlLocale";

/** The Intl locale for the active language and the invitee's calendar type. */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  const calendarType = useAppState((state) => state.calendarType);
  return calendarLocale(i18n.language, calendarType);
}
