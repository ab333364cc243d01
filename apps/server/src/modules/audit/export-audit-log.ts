import { auditDiff } from "@bureau/domain/audit-diff";
import type { AuditLogFilter } from "@bureau/domain/contracts/audit";
import { displayDates } from "@bureau/domain/dates";
import type { Db } from "../../db/client.ts";
import type { CsvValue } from "../../lib/csv.ts";
import { auditLogConditions, auditLogRows } from "./audit-log-query.ts";

const BATCH = 1000;

/** The CSV's columns; the first names the display time zone its times are in. */
export function auditLogCsvHeader(timeZone: string): string[] {
  return [
    `When (${timeZone})`,
    "When (UTC)",
    "Who",
    "What",
    "Subject",
    "Subject id",
    "Order Number",
    "Changed fields",
    "Before",
    "After",
    "Request id",
  ];
}

/**
 * The entries matching the filter as CSV rows, newest first, read from the database a thousand at a
 * time as the download is consumed (lib/csv.ts csvStream), so an export of the whole log holds one
 * batch in memory.
 */
export async function* auditLogCsvRows({
  db,
  filter,
  timeZone,
}: {
  db: Db;
  filter: AuditLogFilter;
  timeZone: string;
}): AsyncGenerator<CsvValue[]> {
  const conditions = await auditLogConditions(db, filter, timeZone);
  if (!conditions) return;
  const dates = displayDates(timeZone);
  let beforeId: number | null = null;
  for (;;) {
    const rows = await auditLogRows(db, { conditions, beforeId, limit: BATCH });
    for (const r of rows) {
      const changed = auditDiff(r.before, r.after)
        .filter((d) => d.changed)
        .map((d) => d.field);
      yield [
        `${dates.day(r.createdAt)} ${dates.time(r.createdAt)}`,
        r.createdAt.toISOString(),
        r.actorEmail ?? "system",
        r.action,
        r.entityType,
        r.entityId,
        r.order?.orderNumber ?? null,
        changed.join(" "),
        r.before === null || r.before === undefined ? null : JSON.stringify(r.before),
        r.after === null || r.after === undefined ? null : JSON.stringify(r.after),
        r.requestId,
      ];
    }
    if (rows.length < BATCH) return;
    beforeId = rows.at(-1)!.id;
  }
}
