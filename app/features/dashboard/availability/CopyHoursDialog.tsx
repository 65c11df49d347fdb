import { useState } from "react";
import { useTranslation } from "react-i18next";
import { WEEKDAYS, type Weekday } from "../../../../core/time/localDate";
import { Button } from "../../../components/Button";
import { CheckboxField } from "../../../components/CheckboxField";
import { Dialog } from "../../../components/Dialog";

interface CopyHoursDialogProps {
  from: Weekday;
  dayNames: Record<Weekday, string>;
  onCopy: (to: Weekday[]) => void;
  onClose: () => void;
}

/** Which days get the hours of `from`. */
export function CopyHoursDialog({ from, dayNames, onCopy, onClose }: CopyHoursDialogProps) {
  const { t } = useTranslation();
  const others = WEEKDAYS.filter((day) => day !== from);
  const [chosen, setChosen] = useState<Set<Weekday>>(new Set());
  const toggle = (day: Weekday, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(day);
      else next.delete(day);
      return next;
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("dashboard.availability.copyTitle", { day: dayNames[from] })}
    >
      <fieldset className="flex flex-col">
        <legend className="sr-only">{t("dashboard.availability.copyLegend")}</legend>
        <CheckboxField
          label={t("dashboard.availability.selectAll")}
          checked={chosen.size === others.length}
          onChange={(on) => setChosen(new Set(on ? others : []))}
        />
        {others.map((day) => (
          <CheckboxField
            key={day}
            label={dayNames[day]}
            checked={chosen.has(day)}
            onChange={(on) => toggle(day, on)}
          />
        ))}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t("dashboard.common.cancel")}
        </Button>
        <Button
          disabled={chosen.size === 0}
          onClick={() => {
            onCopy([...chosen]);
            onClose();
          }}
        >
          {t("dashboard.availability.copyApply")}
        </Button>
      </div>
    </Dialog>
  );
}
