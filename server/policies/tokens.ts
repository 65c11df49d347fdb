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

/** Whether a host holding `held` API tokens may create one more. */
export function canCreateApiToken(held: number): boolean {
  return held < MAX_API_TOKENS;
}

/** Refuses (CONFLICT) a token past MAX_API_TOKENS. */
export function assertCanCreateApiToken(held: number): void {
  if (!canCreateApiToken(held)) {
    throw new DomainError("CONFLICT", message("auth.tooManyTokens", { count: MAX_API_TOKENS }));
  }
}
