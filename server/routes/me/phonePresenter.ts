import type { HostPhoneResponse } from "../../../core/api/phone";
import { PHONE_CODE_RESEND_SECONDS } from "../../../core/sms/phoneCode";
import type { HostPhoneRow } from "../../sms/hostPhones";
import type { SmsMonthUsage } from "../../sms/smsUsage";

/** The host's number, the one waiting for its code, and this month's texts. */
export function presentHostPhone(
  row: HostPhoneRow | null,
  sms: { configured: boolean; usage: SmsMonthUsage; limit: number },
  now: Date,
): HostPhoneResponse {
  const pending =
    row?.pendingPhone && row.codeExpiresAt && row.codeExpiresAt > now
      ? {
          phone: row.pendingPhone,
          expiresAt: row.codeExpiresAt.toISOString(),
          resendInSeconds: Math.max(
            0,
            Math.ceil(
              PHONE_CODE_RESEND_SECONDS -
                (now.getTime() - (row.codeSentAt ?? new Date(0)).getTime()) / 1000,
            ),
          ),
        }
      : null;
  return {
    phone: row?.verifiedAt ? row.phone : null,
    verifiedAt: row?.verifiedAt?.toISOString() ?? null,
    pending,
    sms: {
      configured: sms.configured,
      month: sms.usage.month,
      segments: sms.usage.segments,
      messages: sms.usage.messages,
      limit: sms.limit === 0 ? null : sms.limit,
    },
  };
}
