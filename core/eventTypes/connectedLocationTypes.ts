/**
 * Meeting links made for each booking through the host's connected account (no URL to set),
 * when the booking is written into the host's calendar: GOOGLE_MEET_CONNECTED, a Google Meet
 * created with the Google Calendar event (its conferenceData); MICROSOFT_TEAMS_MEETING, a Teams
 * meeting made with the Outlook event (isOnlineMeeting); ZOOM_CONNECTED, a Zoom meeting made
 * through the host's Zoom connection (POST /users/me/meetings). Offered only to a host whose
 * account can make one. (No zod here: the booking page imports this.)
 */
export const CONNECTED_LOCATION_TYPES = [
  "GOOGLE_MEET_CONNECTED",
  "MICROSOFT_TEAMS_MEETING",
  "ZOOM_CONNECTED",
] as const;
export type ConnectedLocationType = (typeof CONNECTED_LOCATION_TYPES)[number];
export const isConnectedLocationType = (type: string): type is ConnectedLocationType =>
  (CONNECTED_LOCATION_TYPES as readonly string[]).includes(type);
