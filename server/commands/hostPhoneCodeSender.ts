import { createHmac, randomInt } from "node:crypto";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MINUTES,
} from "../../core/sms/phoneCode";
import { countSmsSegments } from "../../core/sms/segments";
import type { Db } from "../db/database";
import { translator } from "../i18n/serverI18n";
import { smsStatusCallbackUrl } from "../sms/createSmsSender";
import { e164 } from "../sms/e164";
import { claimPhoneCode, dropPhoneCode, readHostPhone } from "../sms/hostPhones";
import { recordSmsMessage } from "../sms/smsMessages";
import { isOptedOut, optOut } from "../sms/smsOptOuts";
import type { SmsProvider } from "../sms/smsProvider";
import { releaseSmsUsage, reserveSmsUsage, type SmsLimits } from "../sms/smsUsage";

export interface PhoneCodeContext {
  db: Db;
  /** SESSION_SECRET: codes are kept as an HMAC under it. */
  secret: string;
  provider: SmsProvider | null;
  limits: SmsLimits;
  publicUrl: string;
  now: Date;
}

/** What the database keeps of a code: an HMAC bound to the host and the number. */
export function phoneCodeHash(secret: string, userId: string, phone: string, code: string) {
  return createHmac("sha256", secret).update(`phone\n${userId}\n${phone}\n${code}`).digest("hex");
}

const invalidPhone = (key: "phone.international" | "phone.optedOut") =>
  new DomainError("VALIDATION", message(key), { phone: [message(key)] });

/**
 * Texts a 6-digit code to `phone`, the number the host wants their own texts at; it becomes
 * theirs once `hostPhoneVerifier` gets the code. The text is charged to the host's month like
 * any other. Throws NOT_FOUND without a provider, VALIDATION (field phone) for a number that is
 * not international or opted out, RATE_LIMITED within PHONE_CODE_RESEND_SECONDS of the last code
 * or past the monthly limits, UNAVAILABLE when the provider failed. Returns the number (E.164).
 */
export async function hostPhoneCodeSender(
  context: PhoneCodeContext,
  host: { userId: string; language: string },
  given: string,
): Promise<string> {
  const { db, provider, now } = context;
  if (provider === null) throw new DomainError("NOT_FOUND", message("phone.notConfigured"));
  const phone = e164(given);
  if (phone === null) throw invalidPhone("phone.international");
  const current = await readHostPhone(db, host.userId);
  if (current?.phone === phone && current.verifiedAt !== null) return phone;
  if (await isOptedOut(db, phone)) throw invalidPhone("phone.optedOut");

  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
  const codeHash = phoneCodeHash(context.secret, host.userId, phone, code);
  const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000);
  const claimed = await claimPhoneCode(
    db,
    host.userId,
    { pendingPhone: phone, codeHash, expiresAt },
    PHONE_CODE_RESEND_SECONDS,
    now,
  );
  if (!claimed) {
    const sentAt = (await readHostPhone(db, host.userId))?.codeSentAt ?? now;
    const seconds = Math.max(
      1,
      Math.ceil(PHONE_CODE_RESEND_SECONDS - (now.getTime() - sentAt.getTime()) / 1000),
    );
    throw new DomainError(
      "RATE_LIMITED",
      message("phone.waitSeconds", { count: seconds }),
      undefined,
      seconds,
    );
  }

  const body = translator(host.language, "mail")("phoneCode.text", {
    code,
    minutes: PHONE_CODE_TTL_MINUTES,
  });
  const segments = countSmsSegments(body).segments;
  const reserved = await reserveSmsUsage(db, host.userId, segments, context.limits, now);
  if (reserved !== "ok") {
    await dropPhoneCode(db, host.userId, codeHash);
    throw new DomainError("RATE_LIMITED", message("phone.limitReached"));
  }
  const sent = await provider.send({
    to: phone,
    body,
    statusCallbackUrl: smsStatusCallbackUrl(context.publicUrl, provider),
  });
  if (!sent.ok) {
    await dropPhoneCode(db, host.userId, codeHash);
    await releaseSmsUsage(db, host.userId, segments, now);
    if (sent.kind === "opted_out") {
      await optOut(db, phone, `provider:${sent.code ?? "refused"}`, now);
      throw invalidPhone("phone.optedOut");
    }
    if (sent.kind === "invalid_number") throw invalidPhone("phone.international");
    throw new DomainError("UNAVAILABLE", message("phone.sendFailed"));
  }
  await recordSmsMessage(
    db,
    { providerId: sent.providerId, hostUserId: host.userId, phone, segments, status: sent.status },
    now,
  );
  return phone;
}
