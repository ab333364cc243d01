/**
 * The name of the unique constraint a database error violated, or null. Drivers (node-postgres, PGlite)
 * and Drizzle wrap errors differently, so this looks through the cause chain.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      detail?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (candidate.code === "23505") {
      if (typeof candidate.constraint === "string") return candidate.constraint;
      const text = `${String(candidate.message ?? "")} ${String(candidate.detail ?? "")}`;
      return /constraint "([^"]+)"/.exec(text)?.[1] ?? "unknown";
    }
    current = candidate.cause;
  }
  return null;
}
