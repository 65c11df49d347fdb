import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenHash } from "../auth/secrets";
import { CLIENT_ID, CLIENT_SECRET } from "../calendars/testing/googleDouble";
import { openSecret } from "../crypto/credentialBox";
import { oauthStates } from "../db/schema";
import { sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { googleAuthorizationStarter, OAUTH_STATE_TTL_MS } from "./googleAuthorizationStarter";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2027-01-04T06:00:00Z");
const google = {
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  oauthUrl: "http://127.0.0.1:9",
  apiUrl: "http://127.0.0.1:9",
};
const context = {
  db,
  google,
  encryptionKey: t.deps.config.encryptionKey,
  publicUrl: "https://slotted.example.com",
  now: NOW,
};

describe("googleAuthorizationStarter", () => {
  it("keeps the state's hash bound to the session and the verifier sealed; the URL carries its S256 challenge", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const url = new URL(await googleAuthorizationStarter(context, caller));
    expect(`${url.origin}${url.pathname}`).toBe("http://127.0.0.1:9/o/oauth2/v2/auth");
    expect(url.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(url.searchParams.get("redirect_uri")).toBe(
      "https://slotted.example.com/api/calendar-connections/google/callback",
    );
    const state = url.searchParams.get("state")!;
    const [row] = await db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, tokenHash(state)));
    expect(row).toMatchObject({ tokenId: caller.tokenId, userId: host.id, provider: "GOOGLE" });
    expect(row!.expiresAt.getTime()).toBe(NOW.getTime() + OAUTH_STATE_TTL_MS);
    const verifier = openSecret(t.deps.config.encryptionKey, row!.verifier, host.id);
    expect(url.searchParams.get("code_challenge")).toBe(
      createHash("sha256").update(verifier).digest("base64url"),
    );
  });

  it("answers NOT_FOUND when Google is not set up, FORBIDDEN for an unverified host", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    await expect(
      googleAuthorizationStarter({ ...context, google: null }, caller),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const unverified = await signUpHost(t, {}, { verified: false });
    await expect(
      googleAuthorizationStarter(context, await sessionCallerOf(t, unverified)),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
