import { describe, expect, it } from "vitest";
import { listOutOfOffice } from "../data/outOfOffice";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { outOfOfficeCreator } from "./outOfOfficeCreator";
import { outOfOfficeUpdater } from "./outOfOfficeUpdater";

const t = await createTestApp();
const db = t.database.db;
const days = { startDate: "2027-03-01", endDate: "2027-03-05", note: "", colleagueId: null };

describe("outOfOfficeUpdater", () => {
  it("changes the dates against the stored ones and refuses an end before the start", async () => {
    const host = await signUpHost(t);
    const period = await outOfOfficeCreator(db, host.id, days);
    const moved = await outOfOfficeUpdater(db, host.id, period.id, { endDate: "2027-03-08" });
    expect(moved).toMatchObject({ startDate: "2027-03-01", endDate: "2027-03-08" });
    await expect(
      outOfOfficeUpdater(db, host.id, period.id, { startDate: "2027-03-09" }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { endDate: [{ key: "time.endBeforeStartDate" }] },
    });
    expect((await listOutOfOffice(db, host.id))[0]).toMatchObject({ endDate: "2027-03-08" });
  });

  it("keeps a colleague who left the team while the dates change, but cannot name them anew", async () => {
    const host = await signUpHost(t);
    const colleague = await signUpHost(t);
    const team = await createTeam(t, host, [colleague]);
    const period = await outOfOfficeCreator(db, host.id, { ...days, colleagueId: colleague.id });
    const removed = await t.request({
      method: "DELETE",
      url: `/api/teams/${team.id}/members/${colleague.id}`,
      headers: host.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const changed = await outOfOfficeUpdater(db, host.id, period.id, {
      endDate: "2027-03-06",
      colleagueId: colleague.id,
    });
    expect(changed.colleagueId).toBe(colleague.id);
    await outOfOfficeUpdater(db, host.id, period.id, { colleagueId: null });
    await expect(
      outOfOfficeUpdater(db, host.id, period.id, { colleagueId: colleague.id }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("answers NOT_FOUND to another host", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const period = await outOfOfficeCreator(db, host.id, days);
    await expect(outOfOfficeUpdater(db, other.id, period.id, { note: "x" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "outOfOffice.notFound" },
    });
  });
});
