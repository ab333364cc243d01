import { AppError } from "./app-error.ts";

/** The last row of a page, by the (created_at, id) key the staff lists are ordered and indexed on. */
export type KeysetCursor = { createdAt: Date; id: string };

/** The id check for lists keyed on a UUID (orders): pass it to decodeKeysetCursor. */
export const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);

/** The cursor is opaque to clients: the last row's (created_at, id), base64url-encoded. */
export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString("base64url");
}

/**
 * Reads a cursor from a request's `after` parameter; anything that is not one of ours answers 400.
 * `isId` narrows the id to the list's own kind (a UUID for orders), so that a hand-made cursor
 * cannot reach the database as a malformed value.
 */
export function decodeKeysetCursor(text: string, isId: (id: string) => boolean = () => true): KeysetCursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    decoded = undefined;
  }
  if (Array.isArray(decoded) && decoded.length === 2) {
    const [at, id] = decoded as unknown[];
    const createdAt = typeof at === "string" ? new Date(at) : new Date(Number.NaN);
    if (typeof id === "string" && id !== "" && isId(id) && !Number.isNaN(createdAt.getTime())) return { createdAt, id };
  }
  throw new AppError("validation_failed", "The page cursor is not valid.", { after: "Not a valid cursor" });
}

/**
 * Splits rows fetched with `limit + 1` into the page to show and the cursor of the next page (null when
 * the extra row was not there, so this page is the last).
 */
export function keysetPage<Row extends KeysetCursor>(
  rows: Row[],
  limit: number,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}
