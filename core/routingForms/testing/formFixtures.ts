import type { FormField, FormRoute, RouteAction, RouteCondition } from "../formTypes";

/** A field for tests: `type` and `id`, the rest defaulted (the id doubles as identifier). */
export function testField(
  id: string,
  type: FormField["type"],
  extra: Partial<FormField> = {},
): FormField {
  return {
    id,
    type,
    label: id,
    identifier: id,
    required: false,
    helpText: "",
    options: [],
    maxSelected: null,
    allowNewOptions: false,
    prefill: null,
    ...extra,
  };
}

/** A route for tests, matching `conditions` joined by `join`. */
export function testRoute(
  id: string,
  conditions: RouteCondition[],
  action: RouteAction = { type: "MESSAGE", message: id },
  join: "all" | "any" = "all",
): FormRoute {
  return { id, isFallback: false, join, conditions, action };
}

/** The fallback route for tests. */
export function testFallback(
  action: RouteAction = { type: "MESSAGE", message: "fallback" },
): FormRoute {
  return { id: "fallback", isFallback: true, join: "all", conditions: [], action };
}
