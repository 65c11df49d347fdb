import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { publicHostProblem } from "../net/publicHost";

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
  const problem = await publicHostProblem(url);
  if (problem === "private") refuse("webhooks.privateAddress");
  if (problem === "unresolvable") refuse("webhooks.unresolvable");
}
