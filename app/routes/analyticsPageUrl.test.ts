import { describe, expect, it } from "vitest";
import { analyticsPageUrl } from "./analyticsPageUrl";

const origin = "https://book.example.com";
const uuid = "4e2971c3-47ec-4546-8df2-a32a8b1b258c";
const token = "awkKBtPFBh5ngSefo92eXtNG7fsUim00";
const page = (path: string) => analyticsPageUrl(`${origin}${path}`);

describe("analyticsPageUrl", () => {
  it("sends the route's pattern for pages whose address holds secrets", () => {
    const cases: [string, string][] = [
      [`/reschedule/by-attendee/${uuid}?token=${token}`, "/reschedule/by-attendee/:uuid"],
      [`/cancel/${uuid}/${token}`, "/cancel/:slug/:usertoken"],
      [`/cancel/${uuid}`, "/cancel/:slug"],
      [`/rescheduling/${uuid}?token=${token}#x`, "/rescheduling/:uuid"],
      [`/reschedule/by-host/${uuid}/host@example.com`, "/reschedule/by-host/:uuid/:hostIdentifier"],
      [`/event/${uuid}`, "/event/:slug"],
      [`/event/${uuid}/answer?sig=${token}`, "/event/:slug/answer"],
      [`/ada/intro/${uuid}`, "/ada/intro/:slug"],
      [`/S/${token}/Intro%20call`, "/S/:singleUseLink/:title"],
      [`/C/${token}/host/bob`, "/C/:sharedLink/host/bob"],
      [
        `/event/payment_error?event_uuid=${uuid}&payment_intent=pi_1&token=${token}`,
        "/event/payment_error",
      ],
      ["/dashboard/bookings/123", "/dashboard/*"],
    ];
    for (const [path, pattern] of cases) {
      const result = page(path);
      expect(result, path).toEqual({
        location: `${origin}${pattern}`,
        path: pattern,
        complete: false,
      });
      expect(result.location).not.toContain(token);
      expect(result.location).not.toContain(uuid);
    }
  });

  it("keeps public pages and campaign parameters, and drops personal ones", () => {
    expect(page("/ada/intro?utm_source=news&utm_campaign=spring")).toEqual({
      location: `${origin}/ada/intro?utm_source=news&utm_campaign=spring`,
      path: "/ada/intro",
      complete: true,
    });
    expect(page("/ada")).toMatchObject({ location: `${origin}/ada`, complete: true });
    const personal = page(
      "/ada/intro?name=Grace&email=grace%40example.com&mobile=%2B49301&a1=secret&c__x=1&utm_term=x",
    );
    expect(personal).toEqual({
      location: `${origin}/ada/intro?utm_term=x`,
      path: "/ada/intro",
      complete: false,
    });
  });

  it("keeps nothing of a path no route knows but the fact", () => {
    // The table ends with "*": unknown addresses (a mistyped link) are reported as such.
    expect(page(`/a/b/c/${token}/e`).path).toBe("/*");
  });
});
