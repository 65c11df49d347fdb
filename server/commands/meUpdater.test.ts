import { describe, expect, it } from "vitest";
import { createTeam, signUpHost } from "../test/factories";
import { TINY_PNG } from "../test/multipart";
import { createTestApp } from "../test/testApp";
import { uploadMediaOf } from "../uploads/uploadMedia";
import { meUpdater } from "./meUpdater";
import { teamUpdater } from "./teamUpdater";
import { uploadSaver } from "./uploadSaver";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const media = uploadMediaOf({ s3: null }, db);

describe("meUpdater", () => {
  it("changes user fields and profile settings together", async () => {
    const host = await signUpHost(t);
    const { user, profile } = await meUpdater(
      db,
      host.id,
      { name: "Ada Lovelace", profile: { welcomeMessage: "Hello" } },
      NOW,
    );
    expect(user.name).toBe("Ada Lovelace");
    expect(profile).toMatchObject({ welcomeMessage: "Hello", updatedAt: NOW });
  });

  it("refuses a username another host has, and an avatar that is not the host's own image", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    await expect(meUpdater(db, host.id, { username: other.username }, NOW)).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { username: [{ key: "fields.usernameTaken" }] },
    });
    const foreign = await uploadSaver(db, media, other.id, "image", TINY_PNG);
    await expect(meUpdater(db, host.id, { avatarUploadId: foreign.id }, NOW)).rejects.toMatchObject(
      { fields: { avatarUploadId: [{ key: "uploads.notFound" }] } },
    );
    const own = await uploadSaver(db, media, host.id, "image", TINY_PNG);
    const { user } = await meUpdater(db, host.id, { avatarUploadId: own.id }, NOW);
    expect(user.avatarUploadId).toBe(own.id);
  });

  it("refuses a plain member's change of locked colours, but takes the colours they already wear", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    await teamUpdater(db, admin.id, team.id, {
      colorsLocked: true,
      colors: { primaryColor: "ABCDEF" },
    });
    await expect(
      meUpdater(db, member.id, { profile: { primaryColor: "000000" } }, NOW),
    ).rejects.toMatchObject({ code: "FORBIDDEN", detail: { key: "profile.colorsLocked" } });
    // The dashboard sends the whole form back: unchanged colours are no change.
    const { profile } = await meUpdater(
      db,
      member.id,
      { profile: { primaryColor: "ABCDEF", welcomeMessage: "Hi" } },
      NOW,
    );
    expect(profile).toMatchObject({ primaryColor: "ABCDEF", welcomeMessage: "Hi" });
  });
});
