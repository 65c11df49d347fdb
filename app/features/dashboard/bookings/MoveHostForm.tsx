import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errorMessage";
import { Alert } from "../../../components/Alert";
import { Button } from "../../../components/Button";
import { SelectField } from "../../../components/SelectField";

interface MoveHostFormProps {
  /** The hosts the booking can go to, with their names. */
  hosts: { value: string; label: string }[];
  host: string;
  onHost: (host: string) => void;
  pending: boolean;
  error: unknown;
  onSubmit: () => void;
  onBack: () => void;
}

/** Giving a round-robin booking to another of its event type's hosts. */
export function MoveHostForm({
  hosts,
  host,
  onHost,
  pending,
  error,
  onSubmit,
  onBack,
}: MoveHostFormProps) {
  const { t } = useTranslation();
  return (
    <form
      className="flex flex-col gap-3 border-t border-gray-200 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (host) onSubmit();
      }}
    >
      <SelectField
        label={t("dashboard.bookings.newHost")}
        value={host}
        onChange={(event) => onHost(event.target.value)}
        options={[{ value: "", label: t("dashboard.bookings.chooseHost") }, ...hosts]}
      />
      <Alert message={error ? errorMessage(error, t) : undefined} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          {t("dashboard.common.back")}
        </Button>
        <Button type="submit" disabled={!host || pending}>
          {t("dashboard.bookings.confirmMove")}
        </Button>
      </div>
    </form>
  );
}
