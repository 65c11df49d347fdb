import { z } from "zod";

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => {
      const trimmed = value?.trim().slice(0, max);
      return trimmed ? trimmed : null;
    });

/**
 * The referring site only: a referrer's path and query can carry an invitee's token or name
 * (older clients sent the whole address), and the origin is what the host asks about.
 */
const referrerOrigin = text(2000).transform((value) => {
  if (value === null) return null;
  try {
    const { protocol, origin } = new URL(value);
    return protocol === "http:" || protocol === "https:" ? origin : null;
  } catch {
    return null;
  }
});

/** `GET /api/analytics`: a page-analytics ping; every field is cut to size, never refused. */
export const analyticsPingQuery = z.object({
  public_id: text(200),
  action: text(64),
  device: text(16),
  component_id: text(100),
  referrer: referrerOrigin,
  socials: text(500),
});
