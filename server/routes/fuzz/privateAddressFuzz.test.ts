import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REFUSED_HOSTS } from "../../net/testing/refusedHosts";
import { BOOKING_NOW } from "../../test/bookingFactories";
import { signUpHost } from "../../test/factories";
import { tableChecksums } from "../../test/tableChecksums";
import { createTestApp } from "../../test/testApp";

/**
 * Webhook and calendar addresses aimed at this server's network, in the spellings an attacker
 * would try (the shared list, and any private IPv4 address wrapped in each IPv6 form that
 * carries one), with the installation's defaults (WEBHOOK_ALLOW_PRIVATE and
 * CALENDAR_ALLOW_PRIVATE off): every one is refused with a 422 on its field, and no table
 * changes. Only literal addresses: nothing is resolved or sent.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

const t = await createTestApp({ webhookAllowPrivate: false, calendarAllowPrivate: false });
t.setNow(BOOKING_NOW);
const checksums = await tableChecksums(t.database);
const host = await signUpHost(t);

const octet = fc.integer({ min: 0, max: 255 });
/** An IPv4 address in a range no request may reach, as four octets. */
const privateIPv4 = fc.oneof(
  fc.tuple(fc.constant(127), octet, octet, octet),
  fc.tuple(fc.constant(10), octet, octet, octet),
  fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
  fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
  fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
  fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet),
  fc.tuple(fc.constant(0), octet, octet, octet),
  fc.tuple(fc.integer({ min: 224, max: 255 }), octet, octet, octet),
);

const hex = (a: number, b: number) => ((a << 8) | b).toString(16);

/** `octets` inside each IPv6 form that carries an IPv4 address, as a bracketed URL host. */
const wrapped = fc
  .tuple(
    privateIPv4,
    fc.constantFrom("compatible", "mapped", "translated", "nat64", "nat64Local", "6to4"),
    fc.boolean(),
  )
  .map(([[a, b, c, d], form, dotted]) => {
    const tail = dotted ? `${a}.${b}.${c}.${d}` : `${hex(a, b)}:${hex(c, d)}`;
    switch (form) {
      case "compatible":
        return `[::${tail}]`;
      case "mapped":
        return `[::ffff:${tail}]`;
      case "translated":
        return `[::ffff:0:${tail}]`;
      case "nat64":
        return `[64:ff9b::${tail}]`;
      case "nat64Local":
        return `[64:ff9b:1::${tail}]`;
      default:
        return `[2002:${hex(a, b)}:${hex(c, d)}::${dotted ? "1" : ""}]`;
    }
  });

const address = fc
  .tuple(
    fc.oneof(fc.constantFrom(...REFUSED_HOSTS), wrapped),
    fc.constantFrom("http", "https"),
    fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: null }),
    fc.constantFrom("/", "/hook", "/feed.ics", "/a/b?c=d", "/x#y"),
    fc.constantFrom("", "user:pass@"),
  )
  .map(
    ([h, scheme, port, path, userInfo]) =>
      `${scheme}://${userInfo}${h}${port === null ? "" : `:${port}`}${path}`,
  );

const requests = {
  // A webhook URL may not carry credentials (a refusal of its own, not the one fuzzed here).
  webhook: (url: string) => ({
    method: "POST" as const,
    url: "/api/webhooks",
    payload: { url: url.replace("user:pass@", ""), events: ["ping"] },
    field: "url",
  }),
  ics: (url: string) => ({
    method: "POST" as const,
    url: "/api/calendar-connections",
    payload: { provider: "ICS", url },
    field: "url",
  }),
  caldav: (url: string) => ({
    method: "POST" as const,
    url: "/api/calendar-connections",
    payload: { provider: "CALDAV", serverUrl: url, username: "u", password: "p" },
    field: "serverUrl",
  }),
};

describe("private addresses in webhook and calendar URLs, fuzzed", () => {
  for (const [name, build] of Object.entries(requests)) {
    it(`${name}: every spelling of a private address is refused and nothing is written`, async () => {
      await fc.assert(
        fc.asyncProperty(address, async (url) => {
          const before = await checksums();
          const { field, ...request } = build(url);
          const response = await t.request({ ...request, headers: host.headers });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
          const errors = response.json().errors ?? {};
          expect(Object.keys(errors), url).toEqual([field]);
          expect(errors[field][0], url).toMatch(/points into a private network/);
          expect(await checksums(), url).toEqual(before);
        }),
        { seed: SEED, numRuns: RUNS * 3, endOnFailure: true },
      );
    });
  }
});
