import type { Message } from "../messages";
import type { NormalizePhone } from "./checkAnswer";

/**
 * The invitee's phone number in E.164 form, or why it is refused: "general.required" when
 * blank, "fields.invalidPhone" when `normalizePhone` finds no valid number. Pure.
 */
export function checkPhone(
  text: string,
  normalizePhone: NormalizePhone,
): { ok: true; value: string } | { ok: false; message: Message } {
  if (text.trim() === "") return { ok: false, message: { key: "general.required", params: {} } };
  const phone = normalizePhone(text);
  return phone === null
    ? { ok: false, message: { key: "fields.invalidPhone", params: {} } }
    : { ok: true, value: phone };
}
