import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { decodeMessage } from "../issueMessage";
import { routingFormSchema, routingFormUpdateSchema } from "./routingFormSchema";

const eventTypeId = "6f1c2a4e-8b9d-4c3e-9f0a-1b2c3d4e5f60";
const form = (over: Record<string, unknown> = {}) => ({
  title: "Sales",
  slug: "Sales-Intake",
  fields: [
    {
      id: "f1",
      type: "SHORT_TEXT",
      label: "Name",
      identifier: "name",
      prefill: "name",
      required: true,
    },
    { id: "f2", type: "NUMBER", label: "Team size", identifier: "size" },
    {
      id: "f3",
      type: "MULTI_SELECT",
      label: "Products",
      identifier: "products",
      options: ["API", "Widget"],
      maxSelected: 2,
    },
  ],
  routes: [
    {
      id: "r1",
      conditions: [{ fieldId: "f2", operator: "greater_than", value: 50 }],
      action: { type: "EVENT_TYPE", eventTypeId },
    },
    {
      id: "r2",
      join: "any",
      conditions: [{ fieldId: "f3", operator: "contains", value: ["API"] }],
      action: { type: "URL", url: "https://example.com/api", appendAnswers: true },
    },
    { id: "fb", isFallback: true, action: { type: "MESSAGE", message: "Thanks!" } },
  ],
  ...over,
});

function issueKeys(input: unknown, schema: z.ZodType = routingFormSchema) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map(
    (issue) => `${issue.path.join(".")}:${decodeMessage(issue.message)?.key ?? issue.message}`,
  );
}

describe("routingFormSchema", () => {
  it("accepts a form with fields, routes and a last fallback, filling defaults", () => {
    const parsed = routingFormSchema.parse(form());
    expect(parsed.slug).toBe("sales-intake");
    expect(parsed.teamId).toBeNull();
    expect(parsed.fields[1]).toMatchObject({
      required: false,
      helpText: "",
      options: [],
      maxSelected: null,
      prefill: null,
    });
    expect(parsed.routes[0]).toMatchObject({ isFallback: false, join: "all" });
  });

  it("keeps the new-option mode for the dropdowns (single and multiple choice) only", () => {
    const parsed = routingFormSchema.parse(
      form({
        fields: [
          ...form().fields.slice(0, 2),
          { ...form().fields[2], allowNewOptions: true },
          {
            id: "f4",
            type: "SINGLE_SELECT",
            label: "Country",
            identifier: "country",
            options: ["DE"],
            allowNewOptions: true,
          },
          {
            id: "f5",
            type: "RADIO",
            label: "Shirt",
            identifier: "shirt",
            options: ["S"],
            allowNewOptions: true,
          },
          {
            id: "f6",
            type: "SINGLE_SELECT",
            label: "Plan",
            identifier: "plan",
            options: ["Free"],
          },
        ],
      }),
    );
    expect(parsed.fields.map((field) => field.allowNewOptions)).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
    const refused = issueKeys(form({ fields: [{ ...form().fields[0], allowNewOptions: "yes" }] }));
    expect(refused.some((key) => key.startsWith("fields.0.allowNewOptions:"))).toBe(true);
  });

  it("refuses a most-answers that is not a whole number from 1 to 100, saying which", () => {
    for (const maxSelected of [0, 101, 1.5, "2"]) {
      const fields = [...form().fields.slice(0, 2), { ...form().fields[2], maxSelected }];
      expect(issueKeys(form({ fields }))).toEqual([
        "fields.2.maxSelected:routingForms.maxSelectedRange",
      ]);
    }
    const fields = [...form().fields.slice(0, 2), { ...form().fields[2], maxSelected: 100 }];
    expect(routingFormSchema.parse(form({ fields })).fields[2]?.maxSelected).toBe(100);
  });

  it("takes a condition on an answer beyond the options when the dropdown allows adding", () => {
    const withValue = (allowNewOptions: boolean) =>
      form({
        fields: [...form().fields.slice(0, 2), { ...form().fields[2], allowNewOptions }],
        routes: [
          {
            id: "r",
            conditions: [{ fieldId: "f3", operator: "contains", value: ["Zapier"] }],
            action: { type: "MESSAGE", message: "x" },
          },
          form().routes[2],
        ],
      });
    expect(issueKeys(withValue(true))).toEqual([]);
    expect(issueKeys(withValue(false))).toEqual([
      "routes.0.conditions.0.value:fields.invalidAnswer",
    ]);
  });

  it("wants exactly one fallback, last", () => {
    const [r1, r2, fb] = form().routes;
    expect(issueKeys(form({ routes: [r1, r2] }))).toEqual(["routes:routingForms.oneFallback"]);
    expect(issueKeys(form({ routes: [fb, r1] }))).toEqual(["routes:routingForms.oneFallback"]);
    expect(issueKeys(form({ routes: [r1, fb, { ...fb, id: "fb2" }] }))).toEqual([
      "routes:routingForms.oneFallback",
    ]);
  });

  it("refuses conditions over missing fields, unsuited operators and values", () => {
    const route = (condition: unknown) =>
      form({
        routes: [
          { id: "r", conditions: [condition], action: { type: "MESSAGE", message: "x" } },
          form().routes[2],
        ],
      });
    expect(issueKeys(route({ fieldId: "nope", operator: "equals", value: "x" }))).toEqual([
      "routes.0.conditions.0.fieldId:routingForms.unknownField",
    ]);
    expect(issueKeys(route({ fieldId: "f1", operator: "greater_than", value: 3 }))).toEqual([
      "routes.0.conditions.0.operator:routingForms.operatorNotForField",
    ]);
    expect(issueKeys(route({ fieldId: "f2", operator: "greater_than", value: "many" }))).toEqual([
      "routes.0.conditions.0.value:fields.invalidAnswer",
    ]);
    expect(issueKeys(route({ fieldId: "f3", operator: "contains", value: ["Other"] }))).toEqual([
      "routes.0.conditions.0.value:fields.invalidAnswer",
    ]);
    expect(issueKeys(route({ fieldId: "f1", operator: "is_empty" }))).toEqual([]);
    expect(
      issueKeys(
        form({
          routes: [
            { id: "r", conditions: [], action: { type: "MESSAGE", message: "x" } },
            form().routes[2],
          ],
        }),
      ),
    ).toEqual(["routes.0.conditions:routingForms.addCondition"]);
  });

  it("refuses duplicate identifiers, choices without options and reserved identifiers", () => {
    const fields = form().fields;
    expect(
      issueKeys(form({ fields: [...fields, { ...fields[0], id: "f9", identifier: "NAME" }] })),
    ).toEqual(["fields.3.identifier:routingForms.identifierTaken"]);
    expect(
      issueKeys(
        form({
          fields: [{ id: "s", type: "RADIO", label: "R", identifier: "r" }],
          routes: [form().routes[2]],
        }),
      ),
    ).toEqual(["fields.0.options:eventTypes.addOption"]);
    expect(
      issueKeys(
        form({
          fields: [{ id: "s", type: "SHORT_TEXT", label: "R", identifier: "routing_response" }],
          routes: [form().routes[2]],
        }),
      ),
    ).toEqual(["fields.0.identifier:fields.idFormat"]);
  });

  it("checks actions: an http(s) URL and a message", () => {
    const fb = (action: unknown) => form({ routes: [{ id: "fb", isFallback: true, action }] });
    expect(issueKeys(fb({ type: "URL", url: "javascript:alert(1)" }))).toEqual([
      "routes.0.action.url:fields.invalidUrl",
    ]);
    expect(issueKeys(fb({ type: "MESSAGE", message: " " }))).toEqual([
      "routes.0.action.message:general.required",
    ]);
    expect(issueKeys(fb({ type: "EVENT_TYPE", eventTypeId: "x" }))).toEqual([
      "routes.0.action.eventTypeId:eventTypes.notFound",
    ]);
  });

  it("takes fields and routes of an update together", () => {
    expect(issueKeys({ title: "New" }, routingFormUpdateSchema)).toEqual([]);
    expect(issueKeys({ fields: [] }, routingFormUpdateSchema)).toEqual([
      "routes:routingForms.fieldsWithRoutes",
    ]);
    const { fields, routes } = form();
    expect(issueKeys({ fields, routes }, routingFormUpdateSchema)).toEqual([]);
  });
});
