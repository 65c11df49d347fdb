import type { Db } from "../db/database";
import { e164 } from "./e164";
import { applySmsStatus } from "./smsMessages";
import { optIn, optOut, optOutIntent } from "./smsOptOuts";
import { twilioStatus } from "./twilioProvider";

/** Twilio's code for a recipient who replied STOP. */
const UNSUBSCRIBED = 21610;

/** What Twilio's signed callbacks change, once the route checked their signature. */
export function smsCallbackHandler(db: Db) {
  return {
    /** A text's status changed: recorded (never backwards); 21610 also opts the number out. */
    async status(form: Record<string, string>, now: Date): Promise<void> {
      const providerId = form.MessageSid ?? form.SmsSid;
      const status = twilioStatus(form.MessageStatus ?? form.SmsStatus ?? "");
      if (!providerId || status === null) return;
      const code = Number(form.ErrorCode);
      const errorCode = Number.isInteger(code) && code > 0 ? code : null;
      await applySmsStatus(
        db,
        providerId,
        {
          status,
          errorCode,
          error: errorCode === null ? null : `Twilio error ${errorCode}`,
        },
        now,
      );
      const to = e164(form.To ?? "");
      if (errorCode === UNSUBSCRIBED && to !== null) {
        await optOut(db, to, `provider:${UNSUBSCRIBED}`, now);
      }
    },
    /** A reply: STOP words opt its sender out, START words back in; anything else is ignored. */
    async inbound(form: Record<string, string>, now: Date): Promise<void> {
      const from = e164(form.From ?? "");
      if (from === null) return;
      const intent = optOutIntent(form.Body ?? "", form.OptOutType);
      if (intent === "stop") await optOut(db, from, "reply", now);
      if (intent === "start") await optIn(db, from);
    },
  };
}
