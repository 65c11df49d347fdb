interface AlertProps {
  message: string | undefined;
  className?: string;
}

/** A live region that announces `message`; it stays mounted so screen readers catch changes. */
export function Alert({ message, className = "" }: AlertProps) {
  return (
    <div
      role="alert"
      className={
        message
          ? `rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`
          : undefined
      }
    >
      {message}
    </div>
  );
}
