import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { REFUND_POLICIES, type RefundPolicy } from "../../../../core/eventTypes/eventTypeSchema";
import { setupQuery } from "../../../api/queries";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { FieldMessages } from "../../../components/FieldMessages";
import { SelectField } from "../../../components/SelectField";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import type { SectionProps } from "./editorTypes";
import { fromMinorUnits, toMinorUnits } from "./eventTypeDraft";

/** The currencies a host picks from (others set through the API keep working). */
const OFFERED_CURRENCIES = ["USD", "EUR", "GBP"] as const;

/**
 * Price and currency (the amount typed in major units, stored in minor units), payment terms
 * and the refund policy of an invitee's cancellation. Without Stripe on the server the section
 * says so and what the operator sets; no price can be switched on (one set before can be
 * taken off).
 */
export function PaymentEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const [amountText, setAmountText] = useState(() =>
    draft.price ? fromMinorUnits(draft.price.amount) : "",
  );
  const price = draft.price;
  const setup = useQuery(setupQuery());
  const noPayments = setup.data?.takesPayments === false;
  return (
    <Card title={t("dashboard.payment.title")} description={t("dashboard.payment.description")}>
      {noPayments ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-gray-900">
          {t("dashboard.payment.notSetUp")}
        </p>
      ) : null}
      <CheckboxField
        asSwitch
        label={t("dashboard.payment.enabled")}
        disabled={noPayments && price === null}
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
            options={[...new Set([...OFFERED_CURRENCIES, price.currency])].map((c) => ({
              value: c,
              label: c,
            }))}
            onChange={(event) => update({ price: { ...price, currency: event.target.value } })}
            errors={errors["price.currency"]}
          />
        </div>
      ) : null}
      {price ? (
        <>
          <TextAreaField
            label={t("dashboard.payment.terms")}
            value={draft.paymentTerms ?? ""}
            maxLength={2000}
            onChange={(event) => update({ paymentTerms: event.target.value || null })}
            errors={errors.paymentTerms}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t("dashboard.payment.refundPolicy")}
              hint={t("dashboard.payment.refundHint")}
              value={draft.refundPolicy}
              options={REFUND_POLICIES.map((policy) => ({
                value: policy,
                label: t(`dashboard.payment.refund.${policy}`),
              }))}
              onChange={(event) => {
                const refundPolicy = event.target.value as RefundPolicy;
                update({
                  refundPolicy,
                  refundHours: refundPolicy === "FULL_BEFORE" ? (draft.refundHours ?? 24) : null,
                });
              }}
              errors={errors.refundPolicy}
            />
            {draft.refundPolicy === "FULL_BEFORE" ? (
              <TextField
                label={t("dashboard.payment.refundHours")}
                inputMode="numeric"
                value={draft.refundHours === null ? "" : String(draft.refundHours)}
                onChange={(event) => {
                  const hours = Number.parseInt(event.target.value, 10);
                  update({ refundHours: Number.isNaN(hours) ? null : hours });
                }}
                errors={errors.refundHours}
              />
            ) : null}
          </div>
        </>
      ) : null}
      <FieldMessages id="price" errors={errors.price} />
    </Card>
  );
}
