import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ConnectedLocationType,
  isConnectedLocationType,
  LOCATION_TYPES,
  ONLINE_LOCATION_TYPES,
} from "../../../../core/eventTypes/eventTypeSchema";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { FieldMessages } from "../../../components/FieldMessages";
import { SelectField } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import { calendarConnectionsQuery } from "../api/dashboardQueries";
import type { EventLocation, LocationOptions } from "../api/types";
import type { SectionProps } from "./editorTypes";

// Spec §3: locations are the same when the type matches, except in-person and custom ones,
// which differ by their text; so only those two kinds can be added more than once.
const REPEATABLE = new Set(["IN_PERSON", "CUSTOM"]);

/** The provider whose connection makes each connected location's meeting link. */
const CONNECTED_PROVIDERS: Record<ConnectedLocationType, "GOOGLE" | "MICROSOFT" | "ZOOM"> = {
  GOOGLE_MEET_CONNECTED: "GOOGLE",
  MICROSOFT_TEAMS_MEETING: "MICROSOFT",
  ZOOM_CONNECTED: "ZOOM",
};

/** The event type's locations, each with the options its kind needs. */
export function LocationsEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const connections = useQuery(calendarConnectionsQuery());
  // A meeting link made through the host's account is offered only when it can be made: a
  // connection of its provider with a calendar bookings are written into, or Zoom's.
  const writable = new Set(
    (connections.data ?? [])
      .filter((c) => c.provider === "ZOOM" || c.calendars.some((calendar) => calendar.writeTarget))
      .map((c) => c.provider),
  );
  const available = LOCATION_TYPES.filter(
    (type) =>
      (REPEATABLE.has(type) || !draft.locations.some((l) => l.type === type)) &&
      (!isConnectedLocationType(type) || writable.has(CONNECTED_PROVIDERS[type])),
  );
  const [adding, setAdding] = useState<string>(available[0] ?? "ZOOM");
  const addType = available.includes(adding as never) ? adding : (available[0] ?? "");

  function setLocation(index: number, location: EventLocation) {
    update({ locations: draft.locations.map((l, i) => (i === index ? location : l)) });
  }

  return (
    <Card title={t("dashboard.locations.title")} description={t("dashboard.locations.description")}>
      <FieldMessages id="locations" errors={errors.locations} />
      {draft.locations.length === 0 ? (
        <p className="text-sm text-gray-600">{t("dashboard.locations.none")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {draft.locations.map((location, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: locations have no id; order is their identity.
              key={index}
              className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3 sm:p-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-gray-900">
                  {t(`dashboard.locations.types.${location.type as "ZOOM"}`)}
                </h3>
                <Button
                  variant="secondary"
                  onClick={() =>
                    update({ locations: draft.locations.filter((_, i) => i !== index) })
                  }
                >
                  {t("dashboard.common.remove")}
                  <span className="sr-only">
                    {" "}
                    {t(`dashboard.locations.types.${location.type as "ZOOM"}`)}
                  </span>
                </Button>
              </div>
              <LocationOptionsFields
                location={location}
                prefix={`locations.${index}.options`}
                errors={errors}
                onChange={(options) => setLocation(index, { ...location, options })}
              />
              {isConnectedLocationType(location.type) &&
              connections.isSuccess &&
              !writable.has(CONNECTED_PROVIDERS[location.type]) ? (
                <p className="text-sm text-red-700">
                  {t(
                    location.type === "ZOOM_CONNECTED"
                      ? "dashboard.locations.zoomNeedsZoom"
                      : "dashboard.locations.googleMeetNeedsGoogle",
                  )}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {available.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label={t("dashboard.locations.addLabel")}
            value={addType}
            onChange={(event) => setAdding(event.target.value)}
            options={available.map((type) => ({
              value: type,
              label: t(`dashboard.locations.types.${type}`),
            }))}
            className="min-w-56 flex-1 sm:flex-none"
          />
          <Button
            variant="secondary"
            onClick={() =>
              update({
                locations: [
                  ...draft.locations,
                  {
                    type: addType,
                    options: addType === "PHONE_CALL" ? { direction: "HOST_CALLS_INVITEE" } : {},
                  },
                ],
              })
            }
          >
            {t("dashboard.locations.add")}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

interface LocationOptionsFieldsProps {
  location: EventLocation;
  prefix: string;
  errors: SectionProps["errors"];
  onChange: (options: LocationOptions) => void;
}

function LocationOptionsFields({ location, prefix, errors, onChange }: LocationOptionsFieldsProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const { options, type } = location;
  const set = (patch: Partial<LocationOptions>) => {
    const next: LocationOptions = { ...options, ...patch };
    for (const key of Object.keys(next) as (keyof LocationOptions)[]) {
      if (next[key] === "" || next[key] === undefined) delete next[key];
    }
    onChange(next);
  };
  const err = (field: string) => errors[`${prefix}.${field}`];

  if (type === "IN_PERSON") {
    return (
      <TextField
        label={t("dashboard.locations.address")}
        value={options.address ?? ""}
        onChange={(event) => set({ address: event.target.value })}
        errors={err("address")}
        autoComplete="street-address"
      />
    );
  }
  if (type === "CUSTOM") {
    return (
      <TextField
        label={t("dashboard.locations.custom")}
        hint={t("dashboard.locations.customHint")}
        value={options.custom ?? ""}
        onChange={(event) => set({ custom: event.target.value })}
        errors={err("custom")}
      />
    );
  }
  if (type === "PHONE_CALL") {
    const direction = options.direction ?? "";
    return (
      <div className="flex flex-col gap-3">
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={err("direction") ? `${groupId}-error` : undefined}
        >
          <legend className="text-sm font-semibold text-gray-800">
            {t("dashboard.locations.direction")}
          </legend>
          {(["HOST_CALLS_INVITEE", "INVITEE_CALLS_HOST"] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name={`${groupId}-direction`}
                value={value}
                checked={direction === value}
                onChange={() => set({ direction: value })}
                className="size-5 accent-brand-600"
              />
              <span>{t(`dashboard.locations.directions.${value}`)}</span>
            </label>
          ))}
          <FieldMessages id={groupId} errors={err("direction")} />
        </fieldset>
        {direction === "INVITEE_CALLS_HOST" ? (
          <TextField
            label={t("dashboard.locations.hostPhone")}
            type="tel"
            autoComplete="tel"
            value={options.phone ?? ""}
            onChange={(event) => set({ phone: event.target.value })}
            errors={err("phone")}
            hint={t("dashboard.locations.phoneHint")}
          />
        ) : null}
      </div>
    );
  }
  if (type === "WHATSAPP") {
    return (
      <TextField
        label={t("dashboard.locations.whatsappPhone")}
        type="tel"
        autoComplete="tel"
        value={options.phone ?? ""}
        onChange={(event) => set({ phone: event.target.value })}
        errors={err("phone")}
        hint={t("dashboard.locations.whatsappHint")}
      />
    );
  }
  if (type === "JITSI") {
    return <p className="text-sm text-gray-700">{t("dashboard.locations.jitsiHint")}</p>;
  }
  if (type === "MICROSOFT_TEAMS_MEETING") {
    return <p className="text-sm text-gray-700">{t("dashboard.locations.teamsMeetingHint")}</p>;
  }
  if (type === "ZOOM_CONNECTED") {
    return <p className="text-sm text-gray-700">{t("dashboard.locations.zoomMeetingHint")}</p>;
  }
  if (type === "GOOGLE_MEET_CONNECTED") {
    return <p className="text-sm text-gray-700">{t("dashboard.locations.googleMeetHint")}</p>;
  }
  if (ONLINE_LOCATION_TYPES.has(type as never)) {
    return (
      <TextField
        label={t("dashboard.locations.meetingUrl")}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={options.url ?? ""}
        onChange={(event) => set({ url: event.target.value })}
        errors={err("url")}
        hint={t("dashboard.locations.meetingUrlHint")}
      />
    );
  }
  return null;
}
