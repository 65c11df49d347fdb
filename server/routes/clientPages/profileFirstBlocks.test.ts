import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { pageCacheControl } from "../../plugins/clientApp";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";
import { loadFirstScreen } from "./firstScreen";
import type { FirstBlocksData } from "./profileFirstBlocks";

// A profile page arrives with its first blocks, as the booking page with its month (issue 36).

const t = await createTestApp();
const host = await signUpHost(t, { name: "Samira Profile" });
await createEventType(t, host, { title: "Coffee chat" });

const firstScreen = (url: string, language = "en") =>
  loadFirstScreen(
    t.app,
    { url, cookies: {}, headers: { "accept-language": language } } as unknown as FastifyRequest,
    url.split("?")[0] ?? "/",
    Date.parse("2027-01-04T06:00:00Z"),
  );

function dataOf(dataScript: string): FirstBlocksData {
  const json = /<script type="application\/json" id="first-blocks">(.*)<\/script>/s.exec(
    dataScript,
  )?.[1];
  if (json === undefined) throw new Error("no inlined data");
  return JSON.parse(json) as FirstBlocksData;
}

describe("a profile page's first blocks, drawn by the server", () => {
  it("shows the host and their event types as links (en), with the page's answer inlined", async () => {
    const page = await firstScreen(`/${host.username}`);
    if (page === null) throw new Error("no first screen");
    expect(page.title).toBe("Samira Profile – Slotted");
    expect(page.direction).toBe("ltr");
    expect(page.markup).toMatch(/<h1[^>]*><bdi dir="auto">Samira Profile<\/bdi><\/h1>/);
    expect(page.markup).toContain('aria-label="Event types"');
    expect(page.markup).toMatch(/<a href="\/[^"]+\/[^"]+"[^>]*>.*Coffee chat/);
    const data = dataOf(page.dataScript);
    expect(data.profilePage.path).toBe(`/page/${host.username}`);
    expect(data.profilePage.body.page.name).toBe("Samira Profile");
    expect(pageCacheControl(page)).toBe("no-cache");
  });

  it("comes in Arabic and Persian right to left", async () => {
    const arabic = await firstScreen(`/${host.username}`, "ar");
    expect(arabic?.direction).toBe("rtl");
    expect(arabic?.language).toBe("ar");
    const persian = await firstScreen(`/${host.username}`, "fa");
    expect(persian?.direction).toBe("rtl");
    expect(persian?.language).toBe("fa");
    // The duration in Persian digits.
    expect(persian?.markup).toMatch(/[۰-۹]+/);
  });

  it("leaves an unknown page to the client", async () => {
    expect(await firstScreen("/no-such-host")).toBeNull();
  });
});
