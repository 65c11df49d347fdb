import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CURRENCIES } from "../../../../core/eventTypes/eventTypeSchema";
import { CheckboxField } from "../../../components/CheckboxField";
import { FieldMessages } from "../../../components/FieldMessages";
import { SelectField } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import { Card } from "../ui/Card";
import type { SectionProps } from "./editorTypes";
import { fromMinorUnits, toMinorUnits } from "./eventTypeDraft";

/** Price and currency; the amount is typed in major units and stored in minor units. */
export function PaymentEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const [amountText, setAmountText] = useState(() =>
    draft.price ? fromMinorUnits(draft.price.amount) : "",
  );
  const price = draft.price;
  return (
    <Card title={t("dashboard.payment.title")} description={t("dashboard.payment.description")}>
      <CheckboxField
        asSwitch
        label={t("dashboard.payment.enabled")}
        checked={price !== null}
        onChange={(checked) => {
          if (!checked) return update({ price: null });
          setAmountText(amountText || "50.00");
          update({ price: { amount: toMinorUnits(amountText || "50.00") ?? 0, currency: "EUR" } });
        }}
      />
      {price ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("dashboard.payment.amount")}
            inputMode="decimal"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              update({ price: { ...price, amount: toMinorUnits(event.target.value) ?? 0 } });
            }}
            errors={errors["price.amount"]}
            hint={t("dashboard.payment.amountHint")}
          />
          <SelectField
            label={t("dashboard.payment.currency")}
            value={price.currency}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            onChange={(event) => update({ price: { ...price, currency: event.target.value } })}
            errors={errors["price.currency"]}
          />
        </div>
      ) : null}
      <FieldMessages id="price" errors={errors.price} />
    </Card>
  );
}
