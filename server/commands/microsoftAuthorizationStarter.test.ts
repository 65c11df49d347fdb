import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenHash } from "../auth/secrets";
import { OAUTH_STATE_TTL_MS } from "../calendars/oauth/oauthFlow";
import { MS_CLIENT_ID, MS_CLIENT_SECRET } from "../calendars/testing/microsoftDouble";
import { openSecret } from "../crypto/credentialBox";
import { oauthStates } from "../db/schema";
import { sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { microsoftAuthorizationStarter } from "./microsoftAuthorizationStarter";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2027-01-04T06:00:00Z");
const context = {
  db,
  microsoft: {
    clientId: MS_CLIENT_ID,
    clientSecret: MS_CLIENT_SECRET,
    tenant: "organizations",
    loginUrl: "http://127.0.0.1:9",
    graphUrl: "http://127.0.0.1:9",
  },
  encryptionKey: t.deps.config.encryptionKey,
  publicUrl: "https://slotted.example.com",
  now: NOW,
};

describe("microsoftAuthorizationStarter", () => {
  it("binds a MICROSOFT state to the session, seals the verifier, sends its S256 challenge to the tenant", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const url = new URL(await microsoftAuthorizationStarter(context, caller));
    expect(`${url.origin}${url.pathname}`).toBe(
      "http://127.0.0.1:9/organizations/oauth2/v2.0/authorize",
    );
    expect(url.searchParams.get("client_id")).toBe(MS_CLIENT_ID);
    expect(url.searchParams.get("response_mode")).toBe("query");
    expect(url.searchParams.get("redirect_uri")).toBe(
      "https://slotted.example.com/api/calendar-connections/microsoft/callback",
    );
    const [row] = await db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, tokenHash(url.searchParams.get("state")!)));
    expect(row).toMatchObject({ tokenId: caller.tokenId, userId: host.id, provider: "MICROSOFT" });
    expect(row!.expiresAt.getTime()).toBe(NOW.getTime() + OAUTH_STATE_TTL_MS);
    const verifier = openSecret(t.deps.config.encryptionKey, row!.verifier, host.id);
    expect(url.searchParams.get("code_challenge")).toBe(
      createHash("sha256").update(verifier).digest("base64url"),
    );
  });

  it("answers NOT_FOUND when Microsoft is not set up, FORBIDDEN for an unverified host", async () => {
    const host = await signUpHost(t);
    await expect(
      microsoftAuthorizationStarter(
        { ...context, microsoft: null },
        await sessionCallerOf(t, host),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const unverified = await signUpHost(t, {}, { verified: false });
    await expect(
      microsoftAuthorizationStarter(context, await sessionCallerOf(t, unverified)),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
