import { useTranslation } from "react-i18next";
import { hasErrorCode } from "../../api/apiErrors";
import { errorMessage } from "../../api/errorMessage";
import { invalidateQueries } from "../../api/publicQuery";
import { notify } from "../../state/appState";
import { timetableFamily } from "./useTimetable";

/**
 * What a booking or reschedule does when its time was taken meanwhile (409
 * SLOT_NOT_AVAILABLE_ANYMORE): says so as the server does, makes every timetable stale and calls `onSlotTaken`
 * to go back to the times. The returned handler is true when it handled `error`.
 */
export function useSlotTaken(onSlotTaken: (notice: string) => void): (error: unknown) => boolean {
  const { t } = useTranslation();
  return (error) => {
    if (!hasErrorCode(error, "SLOT_NOT_AVAILABLE_ANYMORE")) return false;
    // The server's words, in the page's language: a full group time is "fully booked".
    const notice = errorMessage(error, t);
    notify(notice, "danger");
    invalidateQueries(timetableFamily);
    onSlotTaken(notice);
    return true;
  };
}
