import { countSmsSegments } from "../../core/sms/segments";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { e164 } from "./e164";
import { isVerifiedHostPhone } from "./hostPhones";
import { recordSmsMessage } from "./smsMessages";
import { isOptedOut, optOut } from "./smsOptOuts";
import type { SmsProvider } from "./smsProvider";
import { smsProviderOf } from "./smsProviderOf";
import type { SmsMessage, SmsRefusal, SmsSender, SmsSendResult } from "./smsSender";
import { releaseSmsUsage, reserveSmsUsage, type SmsLimits } from "./smsUsage";

export interface SmsSenderDeps {
  db: Db;
  /** Null when no provider is configured: every send is refused as not_configured. */
  provider: SmsProvider | null;
  limits: SmsLimits;
  /** PUBLIC_URL: the provider posts status callbacks to `{publicUrl}/api/sms/{provider}/status`. */
  publicUrl: string;
}

const refuse = (reason: SmsRefusal, permanent: boolean, message: string): SmsSendResult => ({
  ok: false,
  reason,
  permanent,
  message,
});

/** Where `provider` posts a message's status changes. */
export function smsStatusCallbackUrl(publicUrl: string, provider: SmsProvider): string {
  return `${publicUrl}/api/sms/${provider.name}/status`;
}

/**
 * The SmsSender workflows send through. In order: a provider is configured; `to` is a valid
 * E.164 number; a text to the host goes only to their verified number; a number that opted out
 * gets nothing; the host's and the instance's monthly segments are counted before sending (and
 * given back when the provider refuses). Each refusal says whether sending again could help
 * (`permanent` false: the provider was unreachable, throttled or failing); retrying is the
 * caller's job. A text the provider took is recorded by its id for the status callbacks.
 */
export function createSmsSender(deps: SmsSenderDeps): SmsSender {
  const { db, provider, limits } = deps;
  return {
    configured: provider !== null,
    async send(message: SmsMessage, now: Date): Promise<SmsSendResult> {
      if (provider === null) {
        return refuse("not_configured", true, "No SMS provider is configured (TWILIO_*).");
      }
      const to = e164(message.to);
      if (to === null) {
        return refuse("invalid_number", true, `Not a valid international number: ${message.to}`);
      }
      if (message.body.trim() === "") {
        return refuse("provider_error", true, "The text is empty.");
      }
      if (message.toHost && !(await isVerifiedHostPhone(db, message.hostUserId, to))) {
        return refuse("unverified_number", true, "The host has not verified this number.");
      }
      if (await isOptedOut(db, to)) {
        return refuse("opted_out", true, "The recipient replied STOP and not START since.");
      }
      const segments = countSmsSegments(message.body).segments;
      const reserved = await reserveSmsUsage(db, message.hostUserId, segments, limits, now);
      if (reserved === "host_limit") {
        return refuse(
          "host_limit",
          true,
          `The host's ${limits.perHostMonth} SMS segments for this month are used up.`,
        );
      }
      if (reserved === "instance_limit") {
        return refuse(
          "instance_limit",
          true,
          `This server's ${limits.perInstanceMonth} SMS segments for this month are used up.`,
        );
      }
      const sent = await provider.send({
        to,
        body: message.body,
        statusCallbackUrl: smsStatusCallbackUrl(deps.publicUrl, provider),
      });
      if (!sent.ok) {
        await releaseSmsUsage(db, message.hostUserId, segments, now);
        if (sent.kind === "opted_out") {
          await optOut(db, to, `provider:${sent.code ?? "refused"}`, now);
          return refuse("opted_out", true, sent.message);
        }
        if (sent.kind === "invalid_number") return refuse("invalid_number", true, sent.message);
        return refuse("provider_error", sent.permanent, sent.message);
      }
      await recordSmsMessage(
        db,
        {
          providerId: sent.providerId,
          hostUserId: message.hostUserId,
          phone: to,
          segments,
          status: sent.status,
        },
        now,
      );
      return { ok: true, providerId: sent.providerId, segments };
    },
  };
}

/** The SmsSender of this server's configuration (Twilio when TWILIO_* are set). */
export function smsSenderFromConfig(
  config: Pick<Config, "twilio" | "smsLimits" | "publicUrl">,
  db: Db,
): SmsSender {
  return createSmsSender({
    db,
    provider: smsProviderOf(config),
    limits: config.smsLimits,
    publicUrl: config.publicUrl,
  });
}
