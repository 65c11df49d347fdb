import type { ComponentPropsWithoutRef } from "react";
import { type ButtonVariant, buttonClassName } from "./buttonClassName";

interface ButtonProps extends ComponentPropsWithoutRef<"button"> {
  variant?: ButtonVariant;
}

export function Button({ variant, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
