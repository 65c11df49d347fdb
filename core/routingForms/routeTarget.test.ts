import { describe, expect, it } from "vitest";
import {
  prefillParams,
  ROUTING_RESPONSE_PARAM,
  routeOutcome,
  routingResponseField,
  withParams,
} from "./routeTarget";
import { testField } from "./testing/formFixtures";

const fields = [
  testField("f1", "SHORT_TEXT", { identifier: "fullName", prefill: "name" }),
  testField("f2", "EMAIL", { identifier: "mail", prefill: "email" }),
  testField("f3", "MULTI_SELECT", {
    identifier: "products",
    options: ["API", "Widget"],
    prefill: "a1",
  }),
  testField("f4", "NUMBER", { identifier: "size" }),
  testField("f5", "CHECKBOX", { identifier: "agree" }),
  testField("f6", "SHORT_TEXT", { identifier: "unused" }),
];
const answers = { f1: "Ann Lee", f2: "ann@example.com", f3: ["API", "Widget"], f4: 12, f5: true };

describe("prefillParams", () => {
  it("passes answers as name, email, a1…a20 or c__{identifier}", () => {
    expect(prefillParams(fields, answers)).toEqual([
      ["name", "Ann Lee"],
      ["email", "ann@example.com"],
      ["a1", "API,Widget"],
      ["c__size", "12"],
      ["c__agree", "true"],
    ]);
  });

  it("fills the invitee's name and email from such questions without a chosen parameter", () => {
    const plain = [
      testField("n", "SHORT_TEXT", { identifier: "name" }),
      testField("e", "EMAIL", { identifier: "work_mail" }),
      testField("p", "PHONE", { identifier: "phone" }),
      testField("c", "SHORT_TEXT", { identifier: "company" }),
    ];
    const given = { n: "Ann Lee", e: "ann@example.com", p: "+4915112345678", c: "Acme" };
    expect(prefillParams(plain, given)).toEqual([
      ["name", "Ann Lee"],
      ["email", "ann@example.com"],
      ["c__phone", "+4915112345678"],
      ["c__company", "Acme"],
    ]);
  });

  it("keeps the first answer for a parameter two fields name", () => {
    const twice = [
      testField("x", "SHORT_TEXT", { prefill: "name" }),
      testField("y", "SHORT_TEXT", { prefill: "name" }),
    ];
    expect(prefillParams(twice, { x: "first", y: "second" })).toEqual([["name", "first"]]);
  });
});

describe("routeOutcome", () => {
  it("opens the event type's page with the prefill parameters and the response", () => {
    const outcome = routeOutcome(
      { type: "EVENT_TYPE", eventTypeId: "e" },
      fields,
      { f1: "Ann Lee", f2: "a@b.co" },
      "/ann/intro",
      "r-1",
    );
    expect(outcome).toEqual({
      actionType: "EVENT_TYPE",
      url: `/ann/intro?name=Ann+Lee&email=a%40b.co&${ROUTING_RESPONSE_PARAM}=r-1`,
    });
    expect(
      routeOutcome({ type: "EVENT_TYPE", eventTypeId: "e" }, fields, {}, null, null),
    ).toBeNull();
  });

  it("redirects to the URL, with the answers by identifier only when asked", () => {
    const url = "https://example.com/p?ref=rf#top";
    expect(
      routeOutcome({ type: "URL", url, appendAnswers: false }, fields, answers, null, "r"),
    ).toEqual({ actionType: "URL", url });
    expect(
      routeOutcome(
        { type: "URL", url, appendAnswers: true },
        fields,
        { f1: "Ann", f4: 3 },
        null,
        "r",
      ),
    ).toEqual({
      actionType: "URL",
      url: "https://example.com/p?ref=rf&fullName=Ann&size=3#top",
    });
  });

  it("shows the custom message", () => {
    expect(routeOutcome({ type: "MESSAGE", message: "Hi" }, fields, answers, null, null)).toEqual({
      actionType: "MESSAGE",
      message: "Hi",
    });
  });
});

describe("withParams", () => {
  it("adds a query to a URL with or without one", () => {
    expect(withParams("/a", [["x", "1"]])).toBe("/a?x=1");
    expect(withParams("/a?", [["x", "1"]])).toBe("/a?x=1");
    expect(withParams("/a?y=2", [["x", "a b"]])).toBe("/a?y=2&x=a+b");
    expect(withParams("/a", [])).toBe("/a");
  });
});

describe("routingResponseField", () => {
  it("reads a well-formed response id from the page's query", () => {
    const id = "6f1c2a4e-8b9d-4c3e-9f0a-1b2c3d4e5f60";
    expect(routingResponseField(`?name=A&${ROUTING_RESPONSE_PARAM}=${id}`)).toEqual({
      routingResponseId: id,
    });
    expect(routingResponseField(`?${ROUTING_RESPONSE_PARAM}=nope`)).toEqual({});
    expect(routingResponseField("")).toEqual({});
  });
});
