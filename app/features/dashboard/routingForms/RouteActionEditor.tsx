import { useTranslation } from "react-i18next";
import { CheckboxField } from "../../../components/CheckboxField";
import { SelectField } from "../../../components/SelectField";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import type { EventType } from "../api/types";
import { actionOfType, type RouteAction } from "./routeEdits";

interface RouteActionEditorProps {
  action: RouteAction;
  eventTypes: EventType[];
  /** The server's messages for this action's fields, by field name. */
  errorsOf: (name: string) => string[];
  onChange: (action: RouteAction) => void;
}

/** Where a route sends the visitor: an event type's booking page, an address, or a message. */
export function RouteActionEditor({
  action,
  eventTypes,
  errorsOf,
  onChange,
}: RouteActionEditorProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <SelectField
        label={t("dashboard.routingForms.action")}
        value={action.type}
        options={(["EVENT_TYPE", "URL", "MESSAGE"] as const).map((type) => ({
          value: type,
          label: t(`dashboard.routingForms.actions.${type}`),
        }))}
        onChange={(event) =>
          onChange(actionOfType(event.target.value as RouteAction["type"], eventTypes[0]?.id))
        }
      />
      {action.type === "EVENT_TYPE" ? (
        <SelectField
          label={t("dashboard.routingForms.eventType")}
          value={action.eventTypeId}
          errors={errorsOf("eventTypeId")}
          options={[
            { value: "", label: t("dashboard.routingForms.chooseEventType") },
            ...eventTypes.map((type) => ({ value: type.id, label: type.title })),
          ]}
          onChange={(event) => onChange({ type: "EVENT_TYPE", eventTypeId: event.target.value })}
        />
      ) : null}
      {action.type === "URL" ? (
        <>
          <TextField
            label={t("dashboard.routingForms.url")}
            type="url"
            value={action.url}
            errors={errorsOf("url")}
            onChange={(event) =>
              onChange({
                type: "URL",
                url: event.target.value,
                appendAnswers: action.appendAnswers,
              })
            }
          />
          <CheckboxField
            label={t("dashboard.routingForms.appendAnswers")}
            checked={action.appendAnswers}
            onChange={(appendAnswers) => onChange({ type: "URL", url: action.url, appendAnswers })}
          />
        </>
      ) : null}
      {action.type === "MESSAGE" ? (
        <TextAreaField
          label={t("dashboard.routingForms.message")}
          rows={3}
          value={action.message}
          errors={errorsOf("message")}
          onChange={(event) => onChange({ type: "MESSAGE", message: event.target.value })}
        />
      ) : null}
    </div>
  );
}
