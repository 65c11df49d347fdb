import { randomBytes } from "node:crypto";

/** The default Jitsi Meet server (JITSI_BASE_URL). */
export const DEFAULT_JITSI_BASE_URL = "https://meet.jit.si";

/**
 * A new Jitsi Meet room on `baseUrl` for one booking: an unguessable name (96 random bits), so
 * nobody stumbles into another booking's room.
 */
export function jitsiRoomUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/Slotted-${randomBytes(12).toString("base64url")}`;
}
