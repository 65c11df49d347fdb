import type { ReschedulePageResponse } from "../../../core/api/reschedule";
import type { PathParams } from "../../../core/routing/matchPath";
import { modeOfRoute } from "../../../core/routing/reschedulePaths";
import { setQueryData } from "../../api/publicQuery";
import {
  FIRST_MONTH_DATA_ID,
  type FirstMonthData,
  readFirstScreenData,
  takeOverTimetables,
} from "../booking/firstMonth";
import { rescheduleDataOf, rescheduleQueryKey } from "./rescheduleFlow";

/** The answers the server drew an invitee's reschedule page from (server/routes/clientPages/rescheduleFirstMonth.ts). */
interface RescheduleFirstMonthData extends Omit<FirstMonthData, "eventType"> {
  reschedule: { path: string; body: ReschedulePageResponse };
}

/**
 * Takes an invitee's reschedule page over from the server, as the booking page's first month is
 * (booking/firstMonth.ts): the page's read and its month's times go into the query cache, so the
 * first render draws the same screen without asking again. Runs before the first render.
 */
export function takeOverRescheduleMonth(routeName: string, params: PathParams): void {
  const data = readFirstScreenData<RescheduleFirstMonthData>(FIRST_MONTH_DATA_ID);
  const mode = modeOfRoute(routeName);
  if (!data?.reschedule || mode !== "attendee") return;
  setQueryData(
    rescheduleQueryKey(mode, params.uuid ?? "", params.hostIdentifier ?? ""),
    rescheduleDataOf(data.reschedule.body),
  );
  takeOverTimetables(data, data.reschedule.body.eventType.eventType);
}
