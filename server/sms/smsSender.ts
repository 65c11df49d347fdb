// The seam between what decides to send a text (workflow steps) and what sends it (the SMS
// provider with its opt-outs, verified numbers and monthly limits). Workflows depend on this
// type only; server/sms builds the real sender from TWILIO_* settings.

/** Why a text was not sent; `permanent` ones are not retried. */
export type SmsRefusal =
  | "not_configured"
  | "invalid_number"
  | "opted_out"
  | "unverified_number"
  | "host_limit"
  | "instance_limit"
  | "provider_error";

export type SmsSendResult =
  | { ok: true; providerId: string; segments: number }
  | { ok: false; reason: SmsRefusal; permanent: boolean; message: string };

export interface SmsMessage {
  /** The host whose workflow sends it: their monthly limit is charged. */
  hostUserId: string;
  /** E.164 number. */
  to: string;
  body: string;
  /** Whether `to` is the host's own number, which must be verified first. */
  toHost: boolean;
}

export interface SmsSender {
  /** False when no provider is configured: the editor then offers no SMS step. */
  readonly configured: boolean;
  send(message: SmsMessage, now: Date): Promise<SmsSendResult>;
}
