import type { ReactNode } from "react";

interface CardProps {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}

/** A white panel with an optional heading, the dashboard's unit of layout. */
export function Card({
  title,
  description,
  actions,
  children,
  className = "",
  headingLevel = 2,
}: CardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      className={`flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6 ${className}`}
    >
      {title || actions ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            {title ? <Heading className="text-lg font-bold text-gray-900">{title}</Heading> : null}
            {description ? <div className="text-sm text-gray-600">{description}</div> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
