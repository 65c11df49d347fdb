import { type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  WORKFLOW_VARIABLES,
  type WorkflowVariable,
} from "../../../../core/workflows/workflowTemplate";
import { Button } from "../../../components/Button";
import { FieldFrame } from "../../../components/FieldFrame";
import { describedBy, inputClassName } from "../../../components/FieldMessages";

interface TemplateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  maxLength: number;
  hint?: ReactNode;
  errors?: readonly string[];
}

/**
 * A subject or body with a variable picker beside it: "Insert" puts `{name}` where the caret
 * was (the end when the field was never entered) and returns focus there, so the host goes on
 * typing. A select and a button rather than a select that inserts on change: arrowing through a
 * closed select changes it, and each arrow press would insert.
 */
export function TemplateField({
  label,
  value,
  onChange,
  multiline,
  maxLength,
  hint,
  errors = [],
}: TemplateFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const caret = useRef<{ start: number; end: number } | null>(null);
  const [variable, setVariable] = useState<WorkflowVariable>("invitee_name");

  const remember = () => {
    const element = field.current;
    if (element) caret.current = { start: element.selectionStart, end: element.selectionEnd };
  };
  function handleInsert() {
    const token = `{${variable}}`;
    const { start, end } = caret.current ?? { start: value.length, end: value.length };
    const next = value.slice(0, start) + token + value.slice(end);
    onChange(next.slice(0, maxLength));
    const at = Math.min(start + token.length, maxLength);
    caret.current = { start: at, end: at };
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(at, at);
    });
  }

  const props = {
    id,
    ref: field,
    value,
    maxLength,
    dir: "auto" as const,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onSelect: remember,
    onKeyUp: remember,
    onBlur: remember,
    ...describedBy(id, hint, errors),
  };
  return (
    <div className="flex flex-col gap-2">
      <FieldFrame id={id} label={label} hint={hint} errors={errors}>
        {multiline ? (
          <textarea
            rows={6}
            className={`${inputClassName(errors.length > 0)} min-h-32`}
            {...props}
          />
        ) : (
          <input className={inputClassName(errors.length > 0)} {...props} />
        )}
      </FieldFrame>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-variable`} className="text-sm text-gray-700">
            {t("dashboard.workflows.variableFor", { field: label })}
          </label>
          <select
            id={`${id}-variable`}
            value={variable}
            onChange={(event) => setVariable(event.target.value as WorkflowVariable)}
            className={inputClassName(false, "w-auto max-w-full")}
          >
            {WORKFLOW_VARIABLES.map((name) => (
              <option key={name} value={name}>
                {t(`dashboard.workflows.variables.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" size="compact" onClick={handleInsert}>
          {t("dashboard.workflows.insert")}
          <span className="sr-only"> {t("dashboard.workflows.intoField", { field: label })}</span>
        </Button>
      </div>
    </div>
  );
}
