import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenHash } from "../auth/secrets";
import { OAUTH_STATE_TTL_MS } from "../calendars/oauth/oauthFlow";
import { ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET } from "../calendars/testing/zoomDouble";
import { openSecret } from "../crypto/credentialBox";
import { oauthStates } from "../db/schema";
import { sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { zoomAuthorizationStarter } from "./zoomAuthorizationStarter";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2027-01-04T06:00:00Z");
const context = {
  db,
  zoom: {
    clientId: ZOOM_CLIENT_ID,
    clientSecret: ZOOM_CLIENT_SECRET,
    oauthUrl: "http://127.0.0.1:9",
    apiUrl: "http://127.0.0.1:9/v2",
  },
  encryptionKey: t.deps.config.encryptionKey,
  publicUrl: "https://slotted.example.com",
  now: NOW,
};

describe("zoomAuthorizationStarter", () => {
  it("binds a ZOOM state to the session, seals the verifier, sends its S256 challenge", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const url = new URL(await zoomAuthorizationStarter(context, caller));
    expect(`${url.origin}${url.pathname}`).toBe("http://127.0.0.1:9/oauth/authorize");
    expect(url.searchParams.get("client_id")).toBe(ZOOM_CLIENT_ID);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(
      "https://slotted.example.com/api/calendar-connections/zoom/callback",
    );
    const [row] = await db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, tokenHash(url.searchParams.get("state")!)));
    expect(row).toMatchObject({ tokenId: caller.tokenId, userId: host.id, provider: "ZOOM" });
    expect(row!.expiresAt.getTime()).toBe(NOW.getTime() + OAUTH_STATE_TTL_MS);
    const verifier = openSecret(t.deps.config.encryptionKey, row!.verifier, host.id);
    expect(url.searchParams.get("code_challenge")).toBe(
      createHash("sha256").update(verifier).digest("base64url"),
    );
  });

  it("answers NOT_FOUND when Zoom is not set up, FORBIDDEN for an unverified host", async () => {
    const host = await signUpHost(t);
    await expect(
      zoomAuthorizationStarter({ ...context, zoom: null }, await sessionCallerOf(t, host)),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const unverified = await signUpHost(t, {}, { verified: false });
    await expect(
      zoomAuthorizationStarter(context, await sessionCallerOf(t, unverified)),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
