import { sql } from "drizzle-orm";
import type { AuditActions } from "@bureau/domain/contracts/audit";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

/**
 * The distinct actions of the log, for the viewer's "What" list: read as a walk along the action index
 * from one action to the next, a few dozen index look-ups however many millions of entries there are
 * (a plain "select distinct" would read every entry).
 */
export async function listAuditActions({ db }: { db: Db }): Promise<AuditActions> {
  const rows = await queryRows<{ action: string }>(
    db,
    sql`with recursive walk(action) as (
          (select action from audit_log order by action limit 1)
          union all
          select (select a.action from audit_log a where a.action > walk.action order by a.action limit 1)
          from walk where walk.action is not null
        )
        select action from walk where action is not null`,
  );
  return { actions: rows.map((r) => r.action) };
}
