import { createReadStream, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openSecret } from "../../crypto/credentialBox";
import { BOOKING_NOW } from "../../test/bookingFactories";
import { TINY_PNG } from "../../test/multipart";
import { createTestApp } from "../../test/testApp";
import { createEmptyTestDatabase } from "../../test/testDatabase";
import { loadBackup } from "../logicalBackup";
import { migrate } from "../migrate";
import {
  BASELINE,
  BASELINE_FIXTURE,
  type Baseline,
  type FixtureManifest,
  MANIFEST,
} from "./fixtureFiles";

const baseline = JSON.parse(readFileSync(BASELINE, "utf8")) as Baseline;
const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as FixtureManifest;

/** Every public table's row count. */
async function rowCounts(query: <T>(text: string) => Promise<T[]>) {
  const tables = await query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    counts[name] = row!.n;
  }
  return counts;
}

describe("upgrading a 0.1.0 database", () => {
  it("keeps every row and serves it through the API after migrating to this code", async () => {
    const database = await createEmptyTestDatabase();
    await loadBackup(database, createReadStream(BASELINE_FIXTURE));
    const applied = await database.query<{ hash: string }>(
      "select hash from drizzle.__drizzle_migrations order by created_at",
    );
    // The fixture is a 0.1.0 database: the baseline's migrations and none after.
    expect(applied.map((row) => row.hash)).toEqual(baseline.migrations.map((m) => m.hash));
    const before = await rowCounts((text) => database.query(text));
    expect(before.events).toBeGreaterThan(10);

    await migrate(database);

    const after = await rowCounts((text) => database.query(text));
    // A later migration may add rows (a backfill), never lose them. One that moves rows to
    // another table says so here.
    for (const [table, count] of Object.entries(before)) {
      expect(after[table], table).toBeGreaterThanOrEqual(count);
    }

    const t = await createTestApp({}, database);
    t.setNow(BOOKING_NOW);
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: manifest.hosts.ana, password: manifest.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token}` };
    const get = async (url: string, auth: Record<string, string> = headers) => {
      const response = await t.request({ method: "GET", url, headers: auth });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response;
    };

    // Bookings: every one of ana's in her list with its status, and every one's details.
    const list = (await get("/api/bookings?from=2027-01-01&limit=500")).json().bookings as {
      uuid: string;
      status: string;
      attendees: unknown[];
      payments: { status: string; amount: number; refunded: number }[];
    }[];
    const details: Record<string, { event: Record<string, unknown> }> = {};
    for (const [name, booking] of Object.entries(manifest.bookings)) {
      details[name] = (await get(`/api/event/uuid/${booking.uuid}`)).json();
      expect(details[name]!.event.status, name).toBe(booking.status);
      if (booking.host !== "ana") continue;
      const listed = list.find((b) => b.uuid === booking.uuid);
      expect(listed?.status, name).toBe(booking.status);
    }
    const listed = (name: string) => list.find((b) => b.uuid === manifest.bookings[name]!.uuid)!;
    expect(details.group!.event.seats).toEqual({ total: 5, taken: 3 });
    expect(listed("group").attendees).toHaveLength(3);
    expect(details.series!.event.series).toMatchObject({ id: expect.any(String) });
    expect(
      list.filter((b) => b.uuid !== manifest.bookings.series!.uuid && b.status === "CONFIRMED")
        .length,
    ).toBeGreaterThan(3);
    expect(details.rescheduled!.event.formerTime).not.toBeNull();
    expect(details.collective!.event.hosts).toHaveLength(3);
    expect(listed("paid").payments).toEqual([
      expect.objectContaining({ status: "PAID", amount: 2500, refunded: 0 }),
    ]);
    expect(listed("refunded").payments).toEqual([
      expect.objectContaining({ status: "REFUNDED", amount: 2500, refunded: 2500 }),
    ]);

    const eventTypes = (await get("/api/event-types")).json().eventTypes as { id: string }[];
    expect(eventTypes.map((e) => e.id).sort()).toEqual(Object.values(manifest.eventTypes).sort());

    const page = (await get(`/api/page/${manifest.pages[0]}`)).json().page;
    expect(page.blocks.map((b: { kind: string }) => b.kind)).toEqual([
      "headline",
      "note",
      "media",
      "event",
    ]);
    expect(page.blocks[2].url).toBe(`/api/uploads/${manifest.upload}`);
    const image = await get(`/api/uploads/${manifest.upload}`);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);

    const responses = (await get(`/api/routing-forms/${manifest.forms.sales}/responses`)).json();
    expect(responses.total).toBe(2);

    const hooks = (await get("/api/webhooks")).json().webhooks as { id: string }[];
    expect(hooks).toHaveLength(manifest.webhooks);
    const deliveries = (await get(`/api/webhooks/${hooks[0]!.id}/deliveries`)).json();
    expect(JSON.stringify(deliveries)).toContain("booking.created");
    expect(JSON.stringify(deliveries)).toContain("booking.cancelled");

    const flows = (await get(`/api/workflows?eventTypeId=${manifest.eventTypes.intro}`)).json()
      .workflows as { name: string }[];
    expect(flows.map((flow) => flow.name)).toContain("Thanks");

    // The API token still signs in.
    const me = (await get("/api/me", { authorization: `Bearer ${manifest.apiToken}` })).json();
    expect(me.user.email).toBe(manifest.hosts.ana);

    // Calendar connections: listed, and their sealed secrets still open with the same key.
    const connections = (await get("/api/calendar-connections")).json().connections as {
      provider: string;
    }[];
    expect(connections.map((c) => c.provider).sort()).toEqual(
      manifest.calendarConnections.map((c) => c.provider).sort(),
    );
    const secrets = await database.query<{ provider: string; secret: string; user_id: string }>(
      "select provider, secret, user_id from calendar_connections order by provider",
    );
    for (const row of secrets) {
      const expected = manifest.calendarConnections.find((c) => c.provider === row.provider);
      expect(openSecret(t.deps.config.encryptionKey, row.secret, row.user_id)).toBe(
        expected!.secret,
      );
    }
  });
});
