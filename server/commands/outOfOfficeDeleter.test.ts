import { describe, expect, it } from "vitest";
import { listOutOfOffice } from "../data/outOfOffice";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { outOfOfficeCreator } from "./outOfOfficeCreator";
import { outOfOfficeDeleter } from "./outOfOfficeDeleter";

const t = await createTestApp();
const db = t.database.db;
const days = { startDate: "2027-03-01", endDate: "2027-03-05", note: "", colleagueId: null };

describe("outOfOfficeDeleter", () => {
  it("deletes the host's own period and leaves another host's alone (NOT_FOUND)", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const period = await outOfOfficeCreator(db, host.id, days);
    await expect(outOfOfficeDeleter(db, other.id, period.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await listOutOfOffice(db, host.id)).toHaveLength(1);
    await outOfOfficeDeleter(db, host.id, period.id);
    expect(await listOutOfOffice(db, host.id)).toEqual([]);
  });
});
