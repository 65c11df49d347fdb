import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";
import { SelectField } from "../../../components/SelectField";
import { useFocusAfterMove } from "../../../lib/useFocusAfterMove";
import type { EventType } from "../api/types";
import { ConditionEditor } from "./ConditionEditor";
import { RouteActionEditor } from "./RouteActionEditor";
import {
  addRule,
  conditionErrors,
  conditionOn,
  moveRule,
  orderedRoutes,
  patchRoute,
} from "./routeEdits";
import { type FormField, type FormRoute, newItemId } from "./routingFormQueries";

interface RoutesEditorProps {
  fields: FormField[];
  routes: FormRoute[];
  eventTypes: EventType[];
  counts: Record<string, number>;
  onChange: (routes: FormRoute[]) => void;
  errors: Record<string, string[]>;
}

/** The builder's routes, in order, the fallback last: conditions, their join and the action. */
export function RoutesEditor({
  fields,
  routes,
  eventTypes,
  counts,
  onChange,
  errors,
}: RoutesEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<FormRoute>) =>
    onChange(patchRoute(routes, index, patch));
  const { rules, ordered } = orderedRoutes(routes);
  const focusMoved = useFocusAfterMove();
  const handleMove = (route: FormRoute, position: number, by: -1 | 1) => {
    onChange(moveRule(routes, position, by));
    focusMoved(route.id, by < 0 ? "up" : "down");
  };

  return (
    <section aria-labelledby="rf-routes" className="flex flex-col gap-3">
      <h2 id="rf-routes" className="text-lg font-bold text-gray-900">
        {t("dashboard.routingForms.routes")}
      </h2>
      <p className="text-sm text-gray-700">{t("dashboard.routingForms.routesHelp")}</p>
      {(errors.routes ?? []).length > 0 ? (
        <p className="text-sm font-medium text-red-700">{errors.routes?.join(" ")}</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {ordered.map((route) => {
          const index = routes.indexOf(route);
          const position = rules.indexOf(route);
          const title = route.isFallback
            ? t("dashboard.routingForms.fallback")
            : t("dashboard.routingForms.routeNumber", { number: position + 1 });
          return (
            <li
              key={route.id}
              data-move-item={route.id}
              className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 tabIndex={-1} className="font-semibold text-gray-900 focus:outline-none">
                  {title}
                </h3>
                <span className="text-sm text-gray-700">
                  {t("dashboard.routingForms.responses", { number: counts[route.id] ?? 0 })}
                </span>
              </div>
              {route.isFallback ? null : (
                <>
                  <SelectField
                    label={t("dashboard.routingForms.join")}
                    value={route.join}
                    options={[
                      { value: "all", label: t("dashboard.routingForms.joinAll") },
                      { value: "any", label: t("dashboard.routingForms.joinAny") },
                    ]}
                    onChange={(event) =>
                      update(index, { join: event.target.value as "all" | "any" })
                    }
                  />
                  <ul className="flex flex-col gap-2">
                    {route.conditions.map((condition, at) => (
                      <ConditionEditor
                        // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their place is who they are.
                        key={at}
                        fields={fields}
                        condition={condition}
                        errors={conditionErrors(errors, index, at)}
                        onChange={(patch) =>
                          update(index, {
                            conditions: route.conditions.map((item, i) =>
                              i === at ? { ...item, ...patch } : item,
                            ),
                          })
                        }
                        onRemove={() =>
                          update(index, { conditions: route.conditions.filter((_, i) => i !== at) })
                        }
                      />
                    ))}
                  </ul>
                  {(errors[`routes.${index}.conditions`] ?? []).length > 0 ? (
                    <p className="text-sm font-medium text-red-700">
                      {errors[`routes.${index}.conditions`]?.join(" ")}
                    </p>
                  ) : null}
                  <Button
                    size="compact"
                    variant="secondary"
                    className="self-start"
                    disabled={fields.length === 0}
                    onClick={() => {
                      const first = fields[0];
                      if (!first) return;
                      update(index, {
                        conditions: [...route.conditions, conditionOn(first, first.id)],
                      });
                    }}
                  >
                    {t("dashboard.routingForms.addCondition")}
                  </Button>
                </>
              )}
              <RouteActionEditor
                action={route.action}
                eventTypes={eventTypes}
                errorsOf={(name) => errors[`routes.${index}.action.${name}`] ?? []}
                onChange={(action) => update(index, { action })}
              />
              {route.isFallback ? null : (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="compact"
                    variant="secondary"
                    data-move="up"
                    disabled={position === 0}
                    onClick={() => handleMove(route, position, -1)}
                  >
                    {t("dashboard.routingForms.moveUp")}
                  </Button>
                  <Button
                    size="compact"
                    variant="secondary"
                    data-move="down"
                    disabled={position === rules.length - 1}
                    onClick={() => handleMove(route, position, 1)}
                  >
                    {t("dashboard.routingForms.moveDown")}
                  </Button>
                  <Button
                    size="compact"
                    variant="secondary"
                    onClick={() => onChange(routes.filter((item) => item !== route))}
                  >
                    {t("dashboard.routingForms.remove")}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => onChange(addRule(routes, newItemId("r"), eventTypes[0]?.id))}
      >
        {t("dashboard.routingForms.addRoute")}
      </Button>
    </section>
  );
}
