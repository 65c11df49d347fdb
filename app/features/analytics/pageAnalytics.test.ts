import { describe, expect, it } from "vitest";
import { analyticsQuery, referrerOrigin } from "./pageAnalytics";

describe("analyticsQuery", () => {
  it("names the spec's fields and joins socials with commas", () => {
    const query = analyticsQuery(
      { publicId: "ana", action: "profile_page_viewed", componentId: "c1", socials: ["x", "li"] },
      "mobile",
      "https://example.com/",
    );
    expect(Object.fromEntries(query)).toEqual({
      public_id: "ana",
      action: "profile_page_viewed",
      device: "mobile",
      component_id: "c1",
      referrer: "https://example.com",
      socials: "x,li",
    });
  });

  it("leaves out what is empty", () => {
    expect(
      analyticsQuery({ publicId: "a/b", action: "event_type_viewed" }, "desktop", "").toString(),
    ).toBe("public_id=a%2Fb&action=event_type_viewed&device=desktop");
  });
});

describe("referrerOrigin", () => {
  it("keeps the referring site only, never its path, query or hash", () => {
    const token = "awkKBtPFBh5ngSefo92eXtNG7fsUim00";
    const referrer = `https://book.example.com/reschedule/by-attendee/u1?token=${token}#x`;
    expect(referrerOrigin(referrer)).toBe("https://book.example.com");
    const query = analyticsQuery({ publicId: "a", action: "b" }, "mobile", referrer);
    expect(query.toString()).not.toContain(token);
    expect(query.get("referrer")).toBe("https://book.example.com");
    expect(referrerOrigin("")).toBe("");
    expect(referrerOrigin("not a url")).toBe("");
  });
});
