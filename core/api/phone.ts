import { z } from "zod";
import { PHONE_CODE_LENGTH } from "../sms/phoneCode";

/** `PUT /api/me/phone`: the number to verify, international (E.164, spaces allowed). */
export const phoneRequestSchema = z.object({
  phone: z.string().trim().min(1).max(40),
});

/** `POST /api/me/phone/verify`: the code texted to the pending number. */
export const phoneVerifySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`)),
});

/** The host's own number for texts to themselves, and this month's SMS use. */
export const hostPhoneResponseSchema = z.object({
  /** The verified number (E.164), or null. */
  phone: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** A number waiting for its code, or null. */
  pending: z
    .object({
      phone: z.string(),
      expiresAt: z.string(),
      /** Seconds until another code may be sent (0: now). */
      resendInSeconds: z.number().int().min(0),
    })
    .nullable(),
  sms: z.object({
    /** Whether this server can send texts at all (TWILIO_* set). */
    configured: z.boolean(),
    /** This calendar month (UTC), as "2027-06". */
    month: z.string(),
    /** SMS segments (the parts carriers bill) the host's texts used this month. */
    segments: z.number().int(),
    messages: z.number().int(),
    /** The host's monthly segments, or null for no limit. */
    limit: z.number().int().nullable(),
  }),
});

export type PhoneRequest = z.infer<typeof phoneRequestSchema>;
export type PhoneVerifyRequest = z.infer<typeof phoneVerifySchema>;
export type HostPhoneResponse = z.infer<typeof hostPhoneResponseSchema>;
