import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

/**
 * Refuses (FORBIDDEN) anyone but the instance's owner (role admin): only they invite hosts to
 * sign up. Their address is verified by becoming the owner, so their invitations come from a
 * proven sender.
 */
export function assertInstanceOwner(user: { role: string } | null): void {
  if (user?.role !== "admin") throw new DomainError("FORBIDDEN", message("hosts.onlyOwner"));
}
