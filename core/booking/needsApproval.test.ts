import { describe, expect, it } from "vitest";
import { emailDomain, needsApproval } from "./needsApproval";

const rule = (
  approvalScope: "EVERYONE" | "FREE_MAIL" | "OUTSIDE_DOMAIN",
  requiresApproval = true,
) => ({
  requiresApproval,
  approvalScope,
});

describe("needsApproval", () => {
  it("asks nothing when the event type requires no approval", () => {
    expect(needsApproval(rule("EVERYONE", false), "a@gmail.com", [])).toBe(false);
  });

  it("asks everyone by default", () => {
    expect(needsApproval(rule("EVERYONE"), "a@acme.com", ["acme.com"])).toBe(true);
  });

  it("asks free-mail invitees only, whatever the case of the address", () => {
    expect(needsApproval(rule("FREE_MAIL"), "Ann@GMAIL.com", [])).toBe(true);
    expect(needsApproval(rule("FREE_MAIL"), "ann@gmx.de", [])).toBe(true);
    expect(needsApproval(rule("FREE_MAIL"), "ann@acme.com", [])).toBe(false);
    // A company's subdomain of a free-mail name is not free mail.
    expect(needsApproval(rule("FREE_MAIL"), "ann@mail.gmail.com.acme.io", [])).toBe(false);
  });

  it("asks invitees outside the hosts' domains; a host's free-mail domain is no organisation", () => {
    expect(needsApproval(rule("OUTSIDE_DOMAIN"), "bo@acme.com", ["acme.com", "b.org"])).toBe(false);
    expect(needsApproval(rule("OUTSIDE_DOMAIN"), "bo@b.org", ["acme.com", "b.org"])).toBe(false);
    expect(needsApproval(rule("OUTSIDE_DOMAIN"), "bo@other.com", ["acme.com"])).toBe(true);
    expect(needsApproval(rule("OUTSIDE_DOMAIN"), "bo@sub.acme.com", ["acme.com"])).toBe(true);
    expect(needsApproval(rule("OUTSIDE_DOMAIN"), "bo@gmail.com", ["gmail.com"])).toBe(true);
  });
});

describe("emailDomain", () => {
  it("is the part after the last @, lower case", () => {
    expect(emailDomain("a@B.Example")).toBe("b.example");
    expect(emailDomain("no-at")).toBe("");
  });
});
