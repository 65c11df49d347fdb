import type { ReactNode } from "react";
import { FieldMessages } from "./FieldMessages";

interface FieldFrameProps {
  /** The id of the input inside, which the label names. */
  id: string;
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
  className?: string;
  children: ReactNode;
}

/** A form field's frame: its label above the input, its hint and errors below. */
export function FieldFrame({ id, label, hint, errors, className = "", children }: FieldFrameProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`.trim()}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      {children}
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}
