import type {
  ConditionValue,
  FormAnswer,
  FormAnswers,
  FormField,
  FormRoute,
  RouteCondition,
} from "./formTypes";

const fold = (text: string) => text.trim().toLocaleLowerCase("en");

/** The condition's value as a list of folded texts (a single value is a list of one). */
function valueTexts(value: ConditionValue): string[] {
  if (value === null) return [];
  const list = Array.isArray(value) ? value.map(fold) : [fold(String(value))];
  return list.filter((text) => text !== "");
}

function answerTexts(answer: FormAnswer): string[] {
  return Array.isArray(answer) ? answer.map(fold) : [fold(String(answer))];
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

function isEqual(field: FormField, answer: FormAnswer, value: ConditionValue): boolean {
  switch (field.type) {
    case "NUMBER":
      return typeof answer === "number" && Number(value) === answer;
    case "CHECKBOX":
      return answer === true ? value === true : value === false;
    case "MULTI_SELECT":
      return sameSet(answerTexts(answer), valueTexts(value));
    default:
      return valueTexts(value)[0] === fold(String(answer));
  }
}

/** Whether one condition holds for the answers. An unknown field never matches. Pure. */
export function conditionHolds(
  condition: RouteCondition,
  fields: readonly FormField[],
  answers: FormAnswers,
): boolean {
  const field = fields.find((candidate) => candidate.id === condition.fieldId);
  if (field === undefined) return false;
  const answer = Object.hasOwn(answers, field.id) ? answers[field.id] : undefined;
  const given =
    answer !== undefined &&
    answer !== false &&
    answer !== "" &&
    !(Array.isArray(answer) && answer.length === 0);
  switch (condition.operator) {
    case "is_empty":
      return !given;
    case "is_not_empty":
      return given;
    case "not_equals":
      // An unanswered field is not equal to anything; an unticked box equals false.
      if (field.type === "CHECKBOX") return !isEqual(field, answer === true, condition.value);
      return !given || !isEqual(field, answer, condition.value);
    default:
      break;
  }
  if (field.type === "CHECKBOX" && condition.operator === "equals") {
    return isEqual(field, answer === true, condition.value);
  }
  if (!given) return false;
  switch (condition.operator) {
    case "equals":
      return isEqual(field, answer, condition.value);
    case "contains": {
      const wanted = valueTexts(condition.value);
      if (field.type === "MULTI_SELECT") {
        const chosen = answerTexts(answer);
        return wanted.length > 0 && wanted.every((item) => chosen.includes(item));
      }
      const text = fold(String(answer));
      return wanted.length > 0 && wanted.every((item) => text.includes(item));
    }
    case "is_one_of": {
      const list = valueTexts(condition.value);
      return answerTexts(answer).some((item) => list.includes(item));
    }
    case "greater_than":
    case "less_than": {
      const limit = Number(condition.value);
      if (typeof answer !== "number" || condition.value === null || !Number.isFinite(limit)) {
        return false;
      }
      return condition.operator === "greater_than" ? answer > limit : answer < limit;
    }
  }
}

/** Whether a route's conditions hold: all of them, or any of them, by its join. */
export function routeMatches(
  route: FormRoute,
  fields: readonly FormField[],
  answers: FormAnswers,
): boolean {
  if (route.isFallback) return true;
  if (route.conditions.length === 0) return false;
  const holds = (condition: RouteCondition) => conditionHolds(condition, fields, answers);
  return route.join === "all" ? route.conditions.every(holds) : route.conditions.some(holds);
}

/**
 * The route a set of checked answers takes: the first route in order whose conditions hold,
 * else the fallback (whatever its place), else null for a form without one. The server
 * decides with it; the builder's test panel shows it. Pure.
 */
export function evaluateRoutes(
  routes: readonly FormRoute[],
  fields: readonly FormField[],
  answers: FormAnswers,
): FormRoute | null {
  for (const route of routes) {
    if (!route.isFallback && routeMatches(route, fields, answers)) return route;
  }
  return routes.find((route) => route.isFallback) ?? null;
}
