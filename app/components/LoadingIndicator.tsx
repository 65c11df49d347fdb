interface LoadingIndicatorProps {
  label: string;
}

/** A spinner announced politely to screen readers by its label. */
export function LoadingIndicator({ label }: LoadingIndicatorProps) {
  return (
    <div role="status" className="flex justify-center py-12">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-brand-600 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
