import { describe, expect, it } from "vitest";
import { conditionHolds, evaluateRoutes } from "./evaluateRoutes";
import type { ConditionOperator, ConditionValue, FormAnswers, FormField } from "./formTypes";
import { testFallback, testField, testRoute } from "./testing/formFixtures";

const fields: FormField[] = [
  testField("company", "SHORT_TEXT"),
  testField("about", "LONG_TEXT"),
  testField("size", "NUMBER"),
  testField("mail", "EMAIL"),
  testField("tel", "PHONE"),
  testField("country", "SINGLE_SELECT", { options: ["Germany", "France", "Spain"] }),
  testField("products", "MULTI_SELECT", { options: ["API", "Widget", "Reports"] }),
  testField("plan", "RADIO", { options: ["Free", "Pro"] }),
  testField("consent", "CHECKBOX"),
];

const holds = (
  fieldId: string,
  operator: ConditionOperator,
  value: ConditionValue,
  answers: FormAnswers,
) => conditionHolds({ fieldId, operator, value }, fields, answers);

describe("conditionHolds", () => {
  it("compares text case-insensitively and trimmed: equals, not equals, contains, is one of", () => {
    const answers = { company: "Acme GmbH" };
    expect(holds("company", "equals", " acme gmbh ", answers)).toBe(true);
    expect(holds("company", "equals", "Acme", answers)).toBe(false);
    expect(holds("company", "not_equals", "Acme", answers)).toBe(true);
    expect(holds("company", "not_equals", "ACME GMBH", answers)).toBe(false);
    expect(holds("company", "contains", "gmb", answers)).toBe(true);
    expect(holds("company", "contains", "ltd", answers)).toBe(false);
    expect(holds("company", "is_one_of", ["Initech", "acme gmbh"], answers)).toBe(true);
    expect(holds("company", "is_one_of", ["Initech"], answers)).toBe(false);
    expect(holds("about", "contains", "urgent", { about: "This is URGENT please" })).toBe(true);
  });

  it("tells empty from given for every type", () => {
    for (const field of fields) {
      expect(holds(field.id, "is_empty", null, {})).toBe(true);
      expect(holds(field.id, "is_not_empty", null, {})).toBe(false);
    }
    expect(holds("company", "is_empty", null, { company: "x" })).toBe(false);
    expect(holds("products", "is_empty", null, { products: [] })).toBe(true);
    expect(holds("consent", "is_empty", null, { consent: false })).toBe(true);
    expect(holds("consent", "is_not_empty", null, { consent: true })).toBe(true);
    expect(holds("size", "is_not_empty", null, { size: 0 })).toBe(true);
  });

  it("compares numbers: equals, not equals, greater than, less than (not as text)", () => {
    expect(holds("size", "greater_than", 50, { size: 51 })).toBe(true);
    expect(holds("size", "greater_than", 50, { size: 50 })).toBe(false);
    expect(holds("size", "less_than", 50, { size: 9 })).toBe(true);
    expect(holds("size", "less_than", "100", { size: 20 })).toBe(true);
    expect(holds("size", "equals", 10, { size: 10 })).toBe(true);
    expect(holds("size", "equals", "10", { size: 10 })).toBe(true);
    expect(holds("size", "not_equals", 10, { size: 11 })).toBe(true);
    expect(holds("size", "greater_than", 5, {})).toBe(false);
    expect(holds("size", "less_than", 5, {})).toBe(false);
  });

  it("compares email and phone answers", () => {
    expect(holds("mail", "contains", "@example.com", { mail: "Ann@Example.com" })).toBe(true);
    expect(holds("mail", "equals", "ann@example.com", { mail: "Ann@Example.com" })).toBe(true);
    expect(holds("tel", "contains", "+49", { tel: "+4930123456" })).toBe(true);
    expect(holds("tel", "equals", "+4930123456", { tel: "+4930123456" })).toBe(true);
  });

  it("compares single choices and radio buttons by option", () => {
    expect(holds("country", "equals", "Germany", { country: "Germany" })).toBe(true);
    expect(holds("country", "not_equals", "Germany", { country: "France" })).toBe(true);
    expect(holds("country", "is_one_of", ["France", "Spain"], { country: "Spain" })).toBe(true);
    expect(holds("country", "is_one_of", ["France", "Spain"], { country: "Germany" })).toBe(false);
    expect(holds("plan", "equals", "Pro", { plan: "Pro" })).toBe(true);
    expect(holds("plan", "is_one_of", ["Free"], { plan: "Pro" })).toBe(false);
  });

  it("compares multiple choices: contains all, equals the same set, is one of any", () => {
    const answers = { products: ["API", "Reports"] };
    expect(holds("products", "contains", "API", answers)).toBe(true);
    expect(holds("products", "contains", ["API", "Reports"], answers)).toBe(true);
    expect(holds("products", "contains", ["API", "Widget"], answers)).toBe(false);
    expect(holds("products", "equals", ["Reports", "API"], answers)).toBe(true);
    expect(holds("products", "equals", ["API"], answers)).toBe(false);
    expect(holds("products", "not_equals", ["API"], answers)).toBe(true);
    expect(holds("products", "is_one_of", ["Widget", "Reports"], answers)).toBe(true);
    expect(holds("products", "is_one_of", ["Widget"], answers)).toBe(false);
  });

  it("reads a checkbox as ticked or not", () => {
    expect(holds("consent", "equals", true, { consent: true })).toBe(true);
    expect(holds("consent", "equals", true, {})).toBe(false);
    expect(holds("consent", "equals", false, {})).toBe(true);
    expect(holds("consent", "equals", false, { consent: true })).toBe(false);
  });

  it("never matches a condition over a field the form does not have", () => {
    expect(holds("gone", "is_empty", null, {})).toBe(false);
  });

  it("counts an unanswered field as not equal to anything", () => {
    expect(holds("company", "not_equals", "Acme", {})).toBe(true);
    expect(holds("company", "equals", "Acme", {})).toBe(false);
    expect(holds("company", "contains", "", { company: "Acme" })).toBe(false);
  });
});

describe("evaluateRoutes", () => {
  const germany = testRoute("germany", [
    { fieldId: "country", operator: "equals", value: "Germany" },
  ]);
  const big = testRoute("big", [{ fieldId: "size", operator: "greater_than", value: 100 }]);
  const fallback = testFallback();

  it("takes the first matching route in order", () => {
    const routes = [germany, big, fallback];
    expect(evaluateRoutes(routes, fields, { country: "Germany", size: 500 })?.id).toBe("germany");
    expect(
      evaluateRoutes([big, germany, fallback], fields, { country: "Germany", size: 500 })?.id,
    ).toBe("big");
    expect(evaluateRoutes(routes, fields, { country: "France", size: 500 })?.id).toBe("big");
  });

  it("falls back when no route matches, wherever the fallback stands", () => {
    expect(evaluateRoutes([germany, big, fallback], fields, { country: "Spain" })?.id).toBe(
      "fallback",
    );
    expect(evaluateRoutes([fallback, germany], fields, { country: "Germany" })?.id).toBe("germany");
    expect(evaluateRoutes([germany], fields, {})).toBeNull();
  });

  it("joins conditions by all or any", () => {
    const conditions = [
      { fieldId: "country", operator: "equals" as const, value: "Germany" },
      { fieldId: "size", operator: "greater_than" as const, value: 100 },
    ];
    const all = testRoute("all", conditions, undefined, "all");
    const any = testRoute("any", conditions, undefined, "any");
    expect(evaluateRoutes([all, fallback], fields, { country: "Germany", size: 5 })?.id).toBe(
      "fallback",
    );
    expect(evaluateRoutes([all, fallback], fields, { country: "Germany", size: 500 })?.id).toBe(
      "all",
    );
    expect(evaluateRoutes([any, fallback], fields, { country: "Germany", size: 5 })?.id).toBe(
      "any",
    );
    expect(evaluateRoutes([any, fallback], fields, { country: "Spain", size: 5 })?.id).toBe(
      "fallback",
    );
  });

  it("never takes a route without conditions except the fallback", () => {
    expect(evaluateRoutes([testRoute("empty", []), fallback], fields, {})?.id).toBe("fallback");
  });
});

describe("routes on answers a visitor added (new-option mode)", () => {
  const open = [
    testField("tools", "MULTI_SELECT", { options: ["Slack", "Teams"], allowNewOptions: true }),
  ];
  const routes = [
    testRoute("zapier", [{ fieldId: "tools", operator: "contains", value: ["zapier"] }]),
    testRoute("listed", [{ fieldId: "tools", operator: "is_one_of", value: ["Slack", "Teams"] }]),
    testFallback(),
  ];

  it("matches a condition on an added answer, case-insensitively", () => {
    expect(evaluateRoutes(routes, open, { tools: ["Zapier"] })?.id).toBe("zapier");
    expect(evaluateRoutes(routes, open, { tools: ["Teams", "Own CRM"] })?.id).toBe("listed");
    expect(evaluateRoutes(routes, open, { tools: ["Own CRM"] })?.id).toBe("fallback");
  });
});
