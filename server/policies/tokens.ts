import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

/** API tokens one host may hold at once. */
export const MAX_API_TOKENS = 50;

interface TokenOwner {
  userId: string;
  kind: string;
}

/** A host revokes their own API tokens only (sessions sign out, they are not revoked here). */
export function canRevokeApiToken(userId: string, token: TokenOwner): boolean {
  return token.userId === userId && token.kind === "api";
}

/** The token when the caller may revoke it; NOT_FOUND otherwise, as if it did not exist. */
export function assertCanRevokeApiToken<T extends TokenOwner>(userId: string, token: T | null): T {
  if (token === null || !canRevokeApiToken(userId, token)) {
    throw new DomainError("NOT_FOUND", message("auth.tokenNotFound"));
  }
  return token;
}

/** What the creation rules look at: whether the address was proven, and what is held. */
interface TokenCreator {
  emailVerifiedAt: Date | null;
  /** API tokens the host holds now. */
  held: number;
}

/**
 * Whether a host may create one more API token: only once their address is verified (someone
 * who signed up on another person's address must not keep a way in after that person takes the
 * account over) and below MAX_API_TOKENS.
 */
export function canCreateApiToken(creator: TokenCreator): boolean {
  return creator.emailVerifiedAt !== null && creator.held < MAX_API_TOKENS;
}

/** Refuses an unverified host (FORBIDDEN) and a token past MAX_API_TOKENS (CONFLICT). */
export function assertCanCreateApiToken(creator: TokenCreator): void {
  if (creator.emailVerifiedAt === null) {
    throw new DomainError("FORBIDDEN", message("account.verifyEmailFirst"));
  }
  if (!canCreateApiToken(creator)) {
    throw new DomainError("CONFLICT", message("auth.tooManyTokens", { count: MAX_API_TOKENS }));
  }
}
