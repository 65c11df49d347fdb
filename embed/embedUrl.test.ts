import { describe, expect, it } from "vitest";
import { embedUrl, readMessage } from "./embedUrl";

describe("embedUrl", () => {
  it("marks the page as embedded and names the host site, keeping its query", () => {
    expect(
      embedUrl("https://book.example/ana/intro?hide_details=1", "https://shop.example/contact"),
    ).toBe("https://book.example/ana/intro?hide_details=1&isIframe=true&embed_domain=shop.example");
  });

  it("adds options as query parameters and resolves relative addresses", () => {
    expect(embedUrl("/ana", "http://localhost:8080/x", { no_consent: "1" })).toBe(
      "http://localhost:8080/ana?isIframe=true&embed_domain=localhost%3A8080&no_consent=1",
    );
  });

  it("refuses addresses that are not web pages", () => {
    expect(() => embedUrl("javascript:alert(1)", "https://shop.example/")).toThrow();
  });
});

describe("readMessage", () => {
  it("reads slotted messages only", () => {
    expect(readMessage({ event: "slotted.page_height", payload: { height: 900 } })).toEqual({
      event: "slotted.page_height",
      payload: { height: 900 },
    });
    expect(readMessage({ event: "other.thing" })).toBeNull();
    expect(readMessage("slotted.page_height")).toBeNull();
    expect(readMessage({ event: "slotted.event_scheduled" })).toEqual({
      event: "slotted.event_scheduled",
      payload: {},
    });
  });
});
