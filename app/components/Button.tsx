import type { ComponentPropsWithoutRef } from "react";
import { type ButtonSize, type ButtonVariant, buttonClassName } from "./buttonClassName";

interface ButtonProps extends ComponentPropsWithoutRef<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className, size)} {...props} />;
}
