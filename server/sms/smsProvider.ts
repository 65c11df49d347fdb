// What a text provider does for Slotted, so Twilio is one implementation among possible others:
// send one text, and tell whether a callback it posted to us is genuine.

export interface ProviderMessage {
  /** E.164. */
  to: string;
  body: string;
  /** Where the provider posts the message's status changes. */
  statusCallbackUrl: string;
}

/** The statuses Slotted keeps, in the order a message goes through them. */
export type SmsStatus = "queued" | "sent" | "delivered" | "undelivered" | "failed";

export type ProviderSendResult =
  | { ok: true; providerId: string; status: SmsStatus; segments: number | null }
  | {
      ok: false;
      /** invalid_number and opted_out are the recipient's; anything else is the provider's. */
      kind: "invalid_number" | "opted_out" | "error";
      permanent: boolean;
      /** The provider's own error code (Twilio's 21211 …), or null for a network failure. */
      code: number | null;
      message: string;
    };

export interface SmsProvider {
  readonly name: string;
  send(message: ProviderMessage): Promise<ProviderSendResult>;
  /**
   * Whether a callback (status or inbound message) posted to `url` with form fields `params`
   * carries the provider's signature `signature`.
   */
  verifyCallback(
    url: string,
    params: Record<string, string>,
    signature: string | undefined,
  ): boolean;
}
