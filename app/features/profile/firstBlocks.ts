import type { ProfilePageResponse } from "../../../core/api/profile";
import type { PathParams } from "../../../core/routing/matchPath";
import { setQueryData } from "../../api/publicQuery";
import { readFirstScreenData } from "../booking/firstMonth";
import { profilePageQuery } from "./profilePageApi";

/** The id of the profile page's inlined data (server/routes/clientPages/profileFirstBlocks.ts). */
const DATA_ID = "first-blocks";

/**
 * Takes the profile page's first screen over from the server: its answer goes into the query
 * cache under the page's key, so the first render draws the same blocks without asking again.
 * Runs before the first render (main.tsx).
 */
export function takeOverFirstBlocks(params: PathParams): void {
  const data = readFirstScreenData<{ profilePage: { body: ProfilePageResponse } }>(DATA_ID);
  if (!data?.profilePage) return;
  setQueryData(profilePageQuery(params.username ?? "").key, data.profilePage.body);
}
