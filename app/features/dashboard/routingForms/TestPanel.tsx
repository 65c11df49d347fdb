import { useState } from "react";
import { useTranslation } from "react-i18next";
import { normalizePhoneNumber } from "../../../../core/booking/normalizePhoneNumber";
import { checkFormAnswers } from "../../../../core/routingForms/checkFormAnswers";
import { evaluateRoutes } from "../../../../core/routingForms/evaluateRoutes";
import type {
  FormField as CoreField,
  FormRoute as CoreRoute,
} from "../../../../core/routingForms/formTypes";
import { CheckboxField } from "../../../components/CheckboxField";
import { TextField } from "../../../components/TextField";
import type { FormField, FormRoute } from "./routingFormQueries";

/**
 * Answers typed by the host and the route they would take, decided by the same core function
 * the server uses. Multiple choices are typed comma-separated.
 */
export function TestPanel({ fields, routes }: { fields: FormField[]; routes: FormRoute[] }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const raw = Object.fromEntries(
    fields.map((field) => {
      const value = values[field.id];
      if (field.type === "MULTI_SELECT" && typeof value === "string") {
        return [
          field.id,
          value
            .split(",")
            .map((item) => item.trim())
            .filter(Boolean),
        ];
      }
      return [field.id, value];
    }),
  );
  // The test ignores "required": a host tries one question at a time.
  const loose = fields.map((field) => ({ ...field, required: false })) as CoreField[];
  const checked = checkFormAnswers(loose, raw, (text) =>
    normalizePhoneNumber(text, "Europe/Berlin"),
  );
  const route = checked.ok ? evaluateRoutes(routes as CoreRoute[], loose, checked.answers) : null;
  const rules = routes.filter((item) => !item.isFallback);
  const result = !checked.ok
    ? t("dashboard.routingForms.testInvalid")
    : route === null
      ? t("dashboard.routingForms.testNoRoute")
      : route.isFallback
        ? t("dashboard.routingForms.testFallback")
        : t("dashboard.routingForms.testRoute", { number: rules.indexOf(route as FormRoute) + 1 });
  return (
    <section
      aria-labelledby="rf-test"
      className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3"
    >
      <h2 id="rf-test" className="text-lg font-bold text-gray-900">
        {t("dashboard.routingForms.test")}
      </h2>
      {fields.map((field) =>
        field.type === "CHECKBOX" ? (
          <CheckboxField
            key={field.id}
            label={field.label || field.identifier}
            checked={values[field.id] === true}
            onChange={(value) => setValues((was) => ({ ...was, [field.id]: value }))}
          />
        ) : (
          <TextField
            key={field.id}
            label={field.label || field.identifier}
            value={typeof values[field.id] === "string" ? (values[field.id] as string) : ""}
            onChange={(event) => setValues((was) => ({ ...was, [field.id]: event.target.value }))}
          />
        ),
      )}
      <p role="status" className="font-semibold text-gray-900">
        {result}
      </p>
    </section>
  );
}
