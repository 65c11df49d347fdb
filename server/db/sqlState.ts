/** The SQLSTATE of a database error; drizzle wraps the driver's error in `cause`. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether PostgreSQL aborted a transaction only because of another one running at the same
 * time (40001 serialization failure, 40P01 deadlock): the same work may well succeed if run
 * again, unlike a constraint violation.
 */
export function isTransactionConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === "40001" || state === "40P01";
}
