import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { PHONE_CODE_MAX_ATTEMPTS } from "../../core/sms/phoneCode";
import { safeEqual } from "../auth/secrets";
import type { Db } from "../db/database";
import { confirmHostPhone, tryPhoneCode } from "../sms/hostPhones";
import { phoneCodeHash } from "./hostPhoneCodeSender";

const invalidCode = (key: "phone.wrongCode" | "phone.expired") =>
  new DomainError("VALIDATION", message(key), { code: [message(key)] });

/**
 * Checks the code texted to the host's pending number and makes that number theirs: at most
 * PHONE_CODE_MAX_ATTEMPTS tries, each counted before an HMAC comparison in constant time.
 * Throws VALIDATION (field code) when the code is wrong, or expired, spent or never sent.
 * Returns the verified number.
 */
export async function hostPhoneVerifier(
  context: { db: Db; secret: string; now: Date },
  userId: string,
  code: string,
): Promise<string> {
  const { db, now } = context;
  const tried = await tryPhoneCode(db, userId, PHONE_CODE_MAX_ATTEMPTS, now);
  if (tried === null) throw invalidCode("phone.expired");
  const given = phoneCodeHash(context.secret, userId, tried.pendingPhone, code.trim());
  if (!safeEqual(given, tried.codeHash)) throw invalidCode("phone.wrongCode");
  // A second request with the same code finds it used.
  if (!(await confirmHostPhone(db, userId, tried.codeHash, now))) {
    throw invalidCode("phone.expired");
  }
  return tried.pendingPhone;
}
