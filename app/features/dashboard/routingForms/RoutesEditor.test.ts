import { describe, expect, it } from "vitest";
import { testField } from "../../../../core/routingForms/testing/formFixtures";
import { choiceConditionValue, takesValueList } from "./RoutesEditor";

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
