import { describe, expect, it } from "vitest";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

describe("approval only for some invitees", () => {
  it("holds free-mail bookings for approval and confirms the others (FREE_MAIL)", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      requiresApproval: true,
      approvalScope: "FREE_MAIL",
    });
    expect(type).toMatchObject({ approvalScope: "FREE_MAIL" });
    const link = userLink(host, type);
    const page = await t.request({ method: "GET", url: `/api/user/${host.username}/${type.slug}` });
    expect(page.json().eventType.approval).toEqual({ scope: "FREE_MAIL", hostDomains: [] });

    const free = await bookOk(t, bookingBody(link, { email: "ann@Gmail.com" }));
    expect(free.event.status).toBe("PENDING_APPROVAL");
    const company = await bookOk(
      t,
      bookingBody(link, { email: "bo@acme-corp.io", start: berlinSlot(0, "10:00") }),
    );
    expect(company.event.status).toBe("CONFIRMED");
  });

  it("holds bookings from outside the host's domain (OUTSIDE_DOMAIN), and tells the page the domain", async () => {
    const host = await signUpHost(t);
    const domain = host.email.split("@")[1]!.toLowerCase();
    const type = await createEventType(t, host, {
      requiresApproval: true,
      approvalScope: "OUTSIDE_DOMAIN",
    });
    const link = userLink(host, type);
    const page = await t.request({ method: "GET", url: `/api/user/${host.username}/${type.slug}` });
    expect(page.json().eventType.approval).toEqual({
      scope: "OUTSIDE_DOMAIN",
      hostDomains: [domain],
    });
    const colleague = await bookOk(t, bookingBody(link, { email: `col@${domain}` }));
    expect(colleague.event.status).toBe("CONFIRMED");
    const outsider = await bookOk(
      t,
      bookingBody(link, { email: "out@elsewhere.org", start: berlinSlot(0, "10:00") }),
    );
    expect(outsider.event.status).toBe("PENDING_APPROVAL");
  });

  it("refuses an unknown scope and says nothing of approval when none is required", async () => {
    const host = await signUpHost(t);
    const bad = await t.request({
      method: "POST",
      url: "/api/event-types",
      headers: host.headers,
      payload: {
        kind: "ONE_ON_ONE",
        title: "X",
        slug: "x-scope",
        duration: 30,
        approvalScope: "SOME",
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["approvalScope"]);
    const type = await createEventType(t, host, { approvalScope: "FREE_MAIL" });
    const page = await t.request({ method: "GET", url: `/api/user/${host.username}/${type.slug}` });
    expect(page.json().eventType.approval).toBeNull();
    expect(
      (await bookOk(t, bookingBody(userLink(host, type), { email: "c@gmail.com" }))).event.status,
    ).toBe("CONFIRMED");
  });
});
