import { Link } from "../router";

/** "← List" above a screen's heading; the arrow turns with the reading direction. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 self-start font-semibold text-brand-700 hover:underline"
    >
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        ←
      </span>
      {label}
    </Link>
  );
}
