import { FREE_MAIL_DOMAINS } from "./freeMailDomains";

/** Who of an event type's invitees need the host's approval. */
export const APPROVAL_SCOPES = ["EVERYONE", "FREE_MAIL", "OUTSIDE_DOMAIN"] as const;
export type ApprovalScope = (typeof APPROVAL_SCOPES)[number];

/** The domain of an address, lower case; "" when it has none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * Whether a booking by `email` waits for the host's approval: every booking (EVERYONE), one from
 * a free-mail address (FREE_MAIL), or one from outside the hosts' domains (OUTSIDE_DOMAIN; a
 * host's free-mail domain is no organisation, so its users count as outside). Pure; the booking
 * page asks it as the invitee types, the server again when writing.
 */
export function needsApproval(
  rule: { requiresApproval: boolean; approvalScope: ApprovalScope },
  email: string,
  hostDomains: readonly string[],
): boolean {
  if (!rule.requiresApproval) return false;
  const domain = emailDomain(email);
  if (rule.approvalScope === "FREE_MAIL") return FREE_MAIL_DOMAINS.has(domain);
  if (rule.approvalScope === "OUTSIDE_DOMAIN") {
    return !hostDomains.some((own) => own === domain && !FREE_MAIL_DOMAINS.has(own));
  }
  return true;
}
