import type { Config } from "../config";
import type { SmsProvider } from "./smsProvider";
import { createTwilioProvider } from "./twilioProvider";

/** The SMS provider of this server's configuration (Twilio when TWILIO_* are set), or null. */
export function smsProviderOf(config: Pick<Config, "twilio">): SmsProvider | null {
  return config.twilio === null ? null : createTwilioProvider(config.twilio);
}
