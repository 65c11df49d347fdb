import { readCookie } from "../../lib/readCookie";
import { writeCookie } from "../../lib/writeCookie";
import { createStore, useStore } from "../../state/createStore";
import type { PublicProfile } from "../../state/publicProfile";

/** The stored answer to the consent banner (spec §3: action and consenttime). */
export interface ConsentChoice {
  action: "accept" | "decline";
  consenttime: string;
}

export type ConsentStatus = "none" | "ask" | "granted" | "declined";

const cookieName = "slotted_consent";
const keepSeconds = 30 * 24 * 3600;

/** The choice in the consent cookie, or null when there is none (or it is unreadable). */
export function parseConsent(value: string | undefined): ConsentChoice | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<ConsentChoice>;
    if (parsed.action !== "accept" && parsed.action !== "decline") return null;
    return { action: parsed.action, consenttime: String(parsed.consenttime ?? "") };
  } catch {
    return null;
  }
}

const consentStore = createStore<{ choice: ConsentChoice | null }>({
  choice: typeof document === "undefined" ? null : parseConsent(readCookie(cookieName)),
});

/** Stores the invitee's answer for 30 days. */
export function recordConsent(action: ConsentChoice["action"], now = new Date()): void {
  const choice = { action, consenttime: now.toISOString() };
  writeCookie(cookieName, JSON.stringify(choice), keepSeconds);
  consentStore.set({ choice });
}

export function useConsentChoice(): ConsentChoice | null {
  return useStore(consentStore, (state) => state.choice);
}

/** Whether the profile has Google Analytics or a Facebook pixel. */
export function hasAnalytics(profile: PublicProfile | null): boolean {
  return Boolean(profile?.googleAnalytics || profile?.facebookPixelId);
}

/**
 * Where consent stands (spec §2, §4): "none" without analytics; "granted" when accepted or
 * embedded with no_consent; "declined"; else "ask" (the banner shows).
 */
export function consentStatus(
  profile: PublicProfile | null,
  embedded: boolean,
  search: string,
  choice: ConsentChoice | null,
): ConsentStatus {
  if (!hasAnalytics(profile)) return "none";
  const noConsent = new URLSearchParams(search).has("no_consent");
  if (choice?.action === "accept" || (embedded && noConsent)) return "granted";
  if (choice?.action === "decline") return "declined";
  return "ask";
}
