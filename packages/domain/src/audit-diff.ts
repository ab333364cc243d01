/**
 * An audit entry's before and after side by side, field by field (PRODUCT.md §2.2: who, what, when,
 * before/after): nested objects and lists are opened into dotted paths ("counts.0.count"), so that a
 * change deep inside a record shows as the one field that changed rather than as two blobs.
 */
export type AuditDiffRow = {
  field: string;
  /** The value as text (strings as they are, anything else as JSON); null when the side has no such field. */
  before: string | null;
  after: string | null;
  changed: boolean;
};

type Leaf = { text: string; json: string };

function flatten(value: unknown, prefix: string, into: Map<string, Leaf>) {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) {
      if (prefix) into.set(prefix, { text: JSON.stringify(value), json: JSON.stringify(value) });
      return;
    }
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  if (value === undefined) return;
  const json = JSON.stringify(value);
  into.set(prefix || "value", { text: typeof value === "string" ? value : json, json });
}

/** The fields of either side, in the order they first appear (before's, then any only after has). */
export function auditDiff(before: unknown, after: unknown): AuditDiffRow[] {
  const was = new Map<string, Leaf>();
  const now = new Map<string, Leaf>();
  if (before !== null && before !== undefined) flatten(before, "", was);
  if (after !== null && after !== undefined) flatten(after, "", now);
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  return fields.map((field) => {
    const b = was.get(field);
    const a = now.get(field);
    // Compared as JSON: the text "1" and the number 1 read alike but are not the same value.
    return { field, before: b?.text ?? null, after: a?.text ?? null, changed: b?.json !== a?.json };
  });
}
