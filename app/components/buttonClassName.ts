// Colours fade on hover, not the focus ring's: Tailwind's transition-colors also fades
// outline-color, so for 150 ms the ring was drawn from the white text colour (about 2:1).
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg font-semibold transition-[color,background-color,border-color] disabled:cursor-not-allowed disabled:opacity-60";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-gray-300 bg-white text-gray-900 hover:bg-gray-50",
} as const;

// Compact keeps the 44 px target height; only the padding and the type are smaller, for rows
// of actions that must fit a card.
const sizes = {
  regular: "px-4 py-2 text-base",
  compact: "whitespace-nowrap px-3 py-2 text-sm",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Classes of a button, for <button> and for links that look like one. */
export function buttonClassName(
  variant: ButtonVariant = "primary",
  extra = "",
  size: ButtonSize = "regular",
): string {
  return `${base} ${sizes[size]} ${variants[variant]} ${extra}`.trim();
}
