import { useTranslation } from "react-i18next";
import { SALUTATIONS } from "../../../core/booking/bookingFormLimits";
import { SelectField } from "../../components/SelectField";
import { TextField } from "../../components/TextField";
import type { PublicEventType } from "./bookingApi";
import type { DetailsValues } from "./detailsForm";
import type { FieldMessages } from "./useScheduleBooking";

interface NameFieldsProps {
  eventType: PublicEventType;
  values: DetailsValues;
  errors: FieldMessages;
  /** Changes one field's value and clears its error. */
  onChange: (field: "salutation" | "name" | "firstName" | "lastName", value: string) => void;
}

const errorsOf = (message: string | undefined) => (message ? [message] : []);

/** Who books: the salutation when asked for, then the full name or first and last name. */
export function NameFields({ eventType, values, errors, onChange }: NameFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {eventType.askSalutation ? (
        <div data-field="salutation">
          <SelectField
            label={t("details.salutation")}
            name="salutation"
            value={values.salutation}
            onChange={(event) => onChange("salutation", event.target.value)}
            options={[
              { value: "", label: t("details.salutationNone") },
              ...SALUTATIONS.map((value) => ({
                value,
                label: t(`details.salutations.${value}`),
              })),
            ]}
          />
        </div>
      ) : null}
      {eventType.askFirstLastName ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div data-field="firstName">
            <TextField
              label={t("details.firstName")}
              name="firstName"
              autoComplete="given-name"
              required
              value={values.firstName}
              errors={errorsOf(errors.firstName)}
              onChange={(event) => onChange("firstName", event.target.value)}
            />
          </div>
          <div data-field="lastName">
            <TextField
              label={t("details.lastName")}
              name="lastName"
              autoComplete="family-name"
              required
              value={values.lastName}
              errors={errorsOf(errors.lastName)}
              onChange={(event) => onChange("lastName", event.target.value)}
            />
          </div>
        </div>
      ) : (
        <div data-field="name">
          <TextField
            label={t("details.name")}
            name="name"
            autoComplete="name"
            required
            value={values.name}
            errors={errorsOf(errors.name)}
            onChange={(event) => onChange("name", event.target.value)}
          />
        </div>
      )}
    </>
  );
}
