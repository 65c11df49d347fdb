import { describe, expect, it } from "vitest";
import { type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

const body = {
  name: "Evenings",
  timeZone: "America/New_York",
  weekly: {
    MON: [
      { start: "18:00", end: "24:00" },
      { start: "07:00", end: "09:00" },
    ],
    SAT: [{ start: "10:00", end: "12:00" }],
  },
  overrides: [
    { date: "2026-12-24", intervals: [] },
    { date: "2026-12-21", intervals: [{ start: "19:00", end: "20:00" }] },
  ],
};

const create = (host: Host, payload: object) =>
  t.request({ method: "POST", url: "/api/schedules", headers: host.headers, payload });

describe("schedules", () => {
  it("creates, reads, changes and deletes a schedule", async () => {
    const host = await signUpHost(t);
    const created = await create(host, body);
    expect(created.statusCode).toBe(201);
    const schedule = created.json();
    expect(schedule).toMatchObject({
      name: "Evenings",
      timeZone: "America/New_York",
      isDefault: false,
      weekly: {
        MON: [
          { start: "07:00", end: "09:00" },
          { start: "18:00", end: "24:00" },
        ],
      },
      overrides: [
        { date: "2026-12-21", intervals: [{ start: "19:00", end: "20:00" }] },
        { date: "2026-12-24", intervals: [] },
      ],
    });

    const read = await t.request({
      method: "GET",
      url: `/api/schedules/${schedule.id}`,
      headers: host.headers,
    });
    expect(read.json()).toEqual(schedule);

    const patched = await t.request({
      method: "PATCH",
      url: `/api/schedules/${schedule.id}`,
      headers: host.headers,
      payload: { name: "Late", isDefault: true },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: "Late",
      isDefault: true,
      timeZone: "America/New_York",
    });

    const list = await t.request({ method: "GET", url: "/api/schedules", headers: host.headers });
    expect(list.json().schedules.filter((s: { isDefault: boolean }) => s.isDefault)).toHaveLength(
      1,
    );

    const deleted = await t.request({
      method: "DELETE",
      url: `/api/schedules/${schedule.id}`,
      headers: host.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const after = await t.request({ method: "GET", url: "/api/schedules", headers: host.headers });
    expect(after.json().schedules).toEqual([
      expect.objectContaining({ name: "Working hours", isDefault: true }),
    ]);
  });

  it.each([
    ["an unknown zone", { timeZone: "Europe/Atlantis" }, "timeZone", "Unknown time zone."],
    [
      "an end before the start",
      { weekly: { TUE: [{ start: "10:00", end: "09:00" }] } },
      "weekly.TUE.0.end",
      "The end must be after the start.",
    ],
    [
      "overlapping ranges",
      {
        weekly: {
          TUE: [
            { start: "09:00", end: "12:00" },
            { start: "11:00", end: "13:00" },
          ],
        },
      },
      "weekly.TUE",
      "Time ranges overlap.",
    ],
    [
      "a malformed time",
      { weekly: { TUE: [{ start: "9am", end: "12:00" }] } },
      "weekly.TUE.0.start",
      "Use a time like 09:00.",
    ],
    [
      "a start at 24:00",
      { weekly: { TUE: [{ start: "24:00", end: "24:00" }] } },
      "weekly.TUE.0.start",
      "Use a time like 09:00.",
    ],
    ["an unknown weekday", { weekly: { FUN: [] } }, "weekly", expect.any(String)],
    [
      "an impossible date",
      { overrides: [{ date: "2026-02-30", intervals: [] }] },
      "overrides.0.date",
      "Use a date like 2026-12-24.",
    ],
    [
      "two overrides of one date",
      {
        overrides: [
          { date: "2026-12-24", intervals: [] },
          { date: "2026-12-24", intervals: [] },
        ],
      },
      "overrides",
      "Each date may have one override.",
    ],
  ])("refuses %s with 422 and a field message", async (_case, change, field, message) => {
    const host = await signUpHost(t);
    const response = await create(host, { ...body, ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    const list = await t.request({ method: "GET", url: "/api/schedules", headers: host.headers });
    expect(list.json().schedules).toHaveLength(1);
  });

  it("accepts legacy zone names and stores the current one", async () => {
    const host = await signUpHost(t);
    const response = await create(host, { ...body, timeZone: "Europe/Kiev" });
    expect(response.statusCode).toBe(201);
    expect(response.json().timeZone).toBe("Europe/Kyiv");
  });

  it("keeps another host's schedules out of reach", async () => {
    const owner = await signUpHost(t);
    const intruder = await signUpHost(t);
    const schedule = (await create(owner, body)).json();
    for (const [method, payload] of [["GET"], ["PATCH", { name: "Mine" }], ["DELETE"]] as const) {
      const response = await t.request({
        method,
        url: `/api/schedules/${schedule.id}`,
        headers: intruder.headers,
        payload,
      });
      expect(response.statusCode).toBe(404);
    }
    const list = await t.request({
      method: "GET",
      url: "/api/schedules",
      headers: intruder.headers,
    });
    expect(list.json().schedules.map((s: { id: string }) => s.id)).not.toContain(schedule.id);
    const still = await t.request({
      method: "GET",
      url: `/api/schedules/${schedule.id}`,
      headers: owner.headers,
    });
    expect(still.json().name).toBe("Evenings");
  });

  it("answers 401 without credentials and 404 for a malformed id", async () => {
    expect((await t.request({ method: "GET", url: "/api/schedules" })).statusCode).toBe(401);
    const host = await signUpHost(t);
    expect(
      (await t.request({ method: "GET", url: "/api/schedules/not-a-uuid", headers: host.headers }))
        .statusCode,
    ).toBe(404);
  });
});
