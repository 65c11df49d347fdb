import { describe, expect, it } from "vitest";
import { listOutOfOffice } from "../data/outOfOffice";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { outOfOfficeCreator } from "./outOfOfficeCreator";

const t = await createTestApp();
const db = t.database.db;
const days = { startDate: "2027-03-01", endDate: "2027-03-05", note: "" };

describe("outOfOfficeCreator", () => {
  it("writes a period naming a verified fellow team member", async () => {
    const host = await signUpHost(t);
    const colleague = await signUpHost(t);
    await createTeam(t, colleague, [host]);
    const row = await outOfOfficeCreator(db, host.id, { ...days, colleagueId: colleague.id });
    expect(row).toMatchObject({ ...days, userId: host.id, colleagueId: colleague.id });
    const [listed] = await listOutOfOffice(db, host.id);
    expect(listed?.colleague).toMatchObject({ id: colleague.id, username: colleague.username });
  });

  it("refuses a colleague outside the host's teams, and one who is only invited, writing nothing", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const invited = await signUpHost(t);
    const team = await createTeam(t, host);
    const invite = await t.request({
      method: "POST",
      url: `/api/teams/${team.id}/members`,
      headers: host.headers,
      payload: { email: invited.email },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    for (const colleagueId of [stranger.id, invited.id, host.id]) {
      await expect(outOfOfficeCreator(db, host.id, { ...days, colleagueId })).rejects.toMatchObject(
        {
          code: "VALIDATION",
          fields: { colleagueId: [{ key: "outOfOffice.colleagueNotAllowed" }] },
        },
      );
    }
    expect(await listOutOfOffice(db, host.id)).toEqual([]);
  });
});
