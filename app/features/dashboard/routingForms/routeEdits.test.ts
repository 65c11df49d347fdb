import { describe, expect, it } from "vitest";
import {
  testFallback,
  testField,
  testRoute,
} from "../../../../core/routingForms/testing/formFixtures";
import {
  actionOfType,
  addRule,
  choiceConditionValue,
  conditionErrors,
  conditionOn,
  conditionValue,
  listOf,
  moveRule,
  orderedRoutes,
  patchRoute,
  takesValueList,
  valueText,
  withOperator,
} from "./routeEdits";

const country = testField("country", "SINGLE_SELECT", { options: ["DE", "FR"] });
const tools = testField("tools", "MULTI_SELECT", { options: ["API", "CSV"] });

describe("a condition's value on a choice field", () => {
  it("is a list for 'is one of' and for a multiple-choice field, else one option", () => {
    expect(takesValueList(country, "equals")).toBe(false);
    expect(takesValueList(country, "is_one_of")).toBe(true);
    expect(takesValueList(tools, "equals")).toBe(true);
    expect(takesValueList(tools, "contains")).toBe(true);
  });

  it("keeps the chosen options when the operator changes", () => {
    expect(choiceConditionValue(country, "is_one_of", "DE")).toEqual(["DE"]);
    expect(choiceConditionValue(country, "equals", ["FR", "DE"])).toBe("FR");
    expect(choiceConditionValue(country, "equals", [])).toBe("");
    expect(choiceConditionValue(country, "is_empty", "DE")).toBeNull();
    expect(choiceConditionValue(tools, "contains", null)).toEqual([]);
    expect(choiceConditionValue(tools, "equals", ["API", ""])).toEqual(["API"]);
  });
});

const age = testField("age", "NUMBER");
const agreed = testField("agreed", "CHECKBOX");
const company = testField("company", "SHORT_TEXT");

describe("a typed condition value", () => {
  it("takes the shape its field and operator want", () => {
    expect(conditionValue(age, "greater_than", " 42 ")).toBe(42);
    // Not a number yet: kept as typed, for the server to say so.
    expect(conditionValue(age, "greater_than", "4x")).toBe("4x");
    expect(conditionValue(age, "greater_than", "  ")).toBe("  ");
    expect(conditionValue(agreed, "equals", "true")).toBe(true);
    expect(conditionValue(company, "is_one_of", "Acme, , Initech ")).toEqual(["Acme", "Initech"]);
    expect(conditionValue(company, "contains", "Acme, Inc")).toBe("Acme, Inc");
    expect(conditionValue(company, "is_empty", "Acme")).toBeNull();
    expect(conditionValue(undefined, "equals", "Acme")).toBeNull();
  });

  it("shows as the text box had it, a list joined by commas", () => {
    expect(valueText(["Acme", "Initech"])).toBe("Acme, Initech");
    expect(valueText(null)).toBe("");
    expect(valueText(42)).toBe("42");
    expect(listOf(" a,b ,,c ")).toEqual(["a", "b", "c"]);
  });

  it("keeps its value when the operator changes, in the new operator's shape", () => {
    const condition = { fieldId: "company", operator: "equals" as const, value: "Acme, Initech" };
    expect(withOperator(condition, company, "is_one_of")).toEqual({
      operator: "is_one_of",
      value: ["Acme", "Initech"],
    });
    const choice = { fieldId: "country", operator: "is_one_of" as const, value: ["FR", "DE"] };
    expect(withOperator(choice, country, "equals")).toEqual({ operator: "equals", value: "FR" });
  });

  it("starts a new condition with its field's first operator and no value", () => {
    expect(conditionOn(company, "company")).toEqual({
      fieldId: "company",
      operator: "equals",
      value: null,
    });
    expect(conditionOn(undefined, "gone")).toEqual({
      fieldId: "gone",
      operator: "equals",
      value: null,
    });
  });
});

describe("a route's action", () => {
  it("starts afresh when its type changes", () => {
    expect(actionOfType("EVENT_TYPE", "et-1")).toEqual({ type: "EVENT_TYPE", eventTypeId: "et-1" });
    expect(actionOfType("EVENT_TYPE", undefined)).toEqual({ type: "EVENT_TYPE", eventTypeId: "" });
    expect(actionOfType("URL", "et-1")).toEqual({
      type: "URL",
      url: "https://",
      appendAnswers: false,
    });
    expect(actionOfType("MESSAGE", "et-1")).toEqual({ type: "MESSAGE", message: "" });
  });
});

describe("the list of routes", () => {
  const fallback = testFallback();
  const one = testRoute("one", []);
  const two = testRoute("two", []);
  // A fallback saved before the rules still shows, and stays, last.
  const routes = [fallback, one, two];

  it("shows the rules in order and the fallback last", () => {
    expect(orderedRoutes(routes).ordered.map((route) => route.id)).toEqual([
      "one",
      "two",
      "fallback",
    ]);
    expect(orderedRoutes([one]).fallback).toBeUndefined();
  });

  it("moves a rule among the rules, never past the fallback", () => {
    expect(moveRule(routes, 1, -1).map((route) => route.id)).toEqual(["two", "one", "fallback"]);
    expect(moveRule(routes, 1, 1).map((route) => route.id)).toEqual(["one", "two", "fallback"]);
  });

  it("adds a rule before the fallback, to the first event type", () => {
    const added = addRule(routes, "new", "et-1");
    expect(added.map((route) => route.id)).toEqual(["one", "two", "new", "fallback"]);
    expect(added[2]).toEqual({
      id: "new",
      isFallback: false,
      join: "all",
      conditions: [],
      action: { type: "EVENT_TYPE", eventTypeId: "et-1" },
    });
  });

  it("changes one route by its index in the saved list", () => {
    const patched = patchRoute(routes, 2, { join: "any" });
    expect(patched[2]).toEqual({ ...two, join: "any" });
    expect(patched[1]).toBe(one);
  });

  it("finds the server's message about a condition's value, else its operator", () => {
    const errors = {
      "routes.1.conditions.0.operator": ["Not for this field."],
      "routes.1.conditions.1.value": ["Required."],
      "routes.1.conditions.1.operator": ["Ignored while the value has one."],
    };
    expect(conditionErrors(errors, 1, 0)).toEqual(["Not for this field."]);
    expect(conditionErrors(errors, 1, 1)).toEqual(["Required."]);
    expect(conditionErrors(errors, 0, 0)).toEqual([]);
  });
});
