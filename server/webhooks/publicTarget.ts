import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { isPrivateAddress } from "./privateAddress";

function refuse(key: "webhooks.privateAddress" | "webhooks.unresolvable"): never {
  throw new DomainError("VALIDATION", message(key), { url: [message(key)] });
}

/**
 * Refuses (VALIDATION on `url`) a webhook target whose host is, or resolves to, a private,
 * loopback or link-local address, or does not resolve at all; `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE) lets every address through. Delivery checks again when it connects
 * (deliverWebhook), so a name that later resolves elsewhere gains nothing.
 */
export async function assertPublicTarget(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) {
    if (isPrivateAddress(host)) refuse("webhooks.privateAddress");
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    refuse("webhooks.unresolvable");
  }
  if (addresses.length === 0) refuse("webhooks.unresolvable");
  if (addresses.some((entry) => isPrivateAddress(entry.address))) {
    refuse("webhooks.privateAddress");
  }
}
