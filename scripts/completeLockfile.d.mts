export function platformOf(name: string): { os?: string; cpu?: string; libc?: string };
export function completeLockfile(lock: {
  packages: Record<string, Record<string, unknown>>;
}): string[];
