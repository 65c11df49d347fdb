/** Placeholder of the event details while they load, of about their size. */
export function SummarySkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex animate-pulse flex-col gap-4 motion-reduce:animate-none"
    >
      <span className="size-10 rounded-full bg-gray-200" />
      <span className="h-4 w-32 rounded bg-gray-200" />
      <span className="h-7 w-48 rounded bg-gray-200" />
      <span className="h-4 w-40 rounded bg-gray-200" />
      <span className="h-4 w-44 rounded bg-gray-200" />
    </div>
  );
}
