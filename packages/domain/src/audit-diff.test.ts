import { describe, expect, it } from "vitest";
import { auditDiff } from "./audit-diff.ts";

describe("an audit entry's diff", () => {
  it("marks the fields that changed, keeps the ones that did not, and opens nested records", () => {
    const rows = auditDiff(
      { status: "pending", tracked: true, counts: [{ valueMinor: 5000, count: 2 }], note: null },
      { status: "accepted", tracked: true, counts: [{ valueMinor: 5000, count: 5 }], note: null, by: "a@b.c" },
    );
    expect(rows).toEqual([
      { field: "status", before: "pending", after: "accepted", changed: true },
      { field: "tracked", before: "true", after: "true", changed: false },
      { field: "counts.0.valueMinor", before: "5000", after: "5000", changed: false },
      { field: "counts.0.count", before: "2", after: "5", changed: true },
      { field: "note", before: "null", after: "null", changed: false },
      { field: "by", before: null, after: "a@b.c", changed: true },
    ]);
  });

  it("shows a record only added or only removed as every field changed", () => {
    expect(auditDiff(null, { version: "17-Nov-2026", entryCount: 7 })).toEqual([
      { field: "version", before: null, after: "17-Nov-2026", changed: true },
      { field: "entryCount", before: null, after: "7", changed: true },
    ]);
    expect(auditDiff({ onHold: true }, null)).toEqual([
      { field: "onHold", before: "true", after: null, changed: true },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it("tells a string from the same text as JSON, and keeps empty lists as a value", () => {
    expect(auditDiff({ a: "1", list: [] }, { a: 1, list: [] })).toEqual([
      { field: "a", before: "1", after: "1", changed: true },
      { field: "list", before: "[]", after: "[]", changed: false },
    ]);
    expect(auditDiff("x", "y")).toEqual([{ field: "value", before: "x", after: "y", changed: true }]);
  });
});
