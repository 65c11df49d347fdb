import { createHmac } from "node:crypto";

/**
 * The `Slotted-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" under the subscription's secret>`. Signed at each attempt, so `t` is when it was
 * sent and a receiver can refuse old replays.
 */
export function signWebhook(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}
