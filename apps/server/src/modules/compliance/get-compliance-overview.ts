import { sql } from "drizzle-orm";
import { COMPLIANCE_LIST_SIZE, type ComplianceOverview } from "@bureau/domain/contracts/compliance";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

type OrderRow = {
  id: string;
  order_number: string;
  first_name: string;
  last_name: string;
  way: "Order" | "Sell";
  status: ComplianceOverview["onHold"]["orders"][number]["status"];
  total_gbp_minor: string | number;
  branch_key: string;
  created_at: Date | string;
};
type MatchRow = {
  matched_entry_id: string | null;
  matched_name: string | null;
  score: string | null;
  list_version: string | null;
  screened_at: Date | string | null;
};

const iso = (at: Date | string) => new Date(at).toISOString();

function orderOf(r: OrderRow) {
  return {
    id: r.id,
    orderNumber: r.order_number,
    name: `${r.first_name} ${r.last_name}`.trim(),
    way: r.way,
    status: r.status,
    totalGbpMinor: Number(r.total_gbp_minor),
    branch: r.branch_key,
    createdAt: iso(r.created_at),
  };
}

function matchOf(r: MatchRow) {
  if (r.score === null || r.list_version === null || r.screened_at === null) return null;
  return {
    entryId: r.matched_entry_id,
    name: r.matched_name,
    score: Number(r.score).toFixed(3),
    listVersion: r.list_version,
    screenedAt: iso(r.screened_at),
  };
}

/**
 * The compliance screen's overview (issue 15 item 5): the open orders on hold (docs/features/due-diligence-tiers.md; the
 * orders_on_hold_idx partial index), the open orders whose latest sanctions screening matched (decision
 * 019; sanctions_screenings_match_idx), and the list imports.
 */
export async function getComplianceOverview({ db }: { db: Db }): Promise<ComplianceOverview> {
  const open = sql`o.status in ('pending', 'accepted')`;
  const held = sql`o.hold_reason is not null and o.hold_cleared_at is null and ${open}`;
  const [heldRows, heldCount, matchRows, lists] = await Promise.all([
    queryRows<OrderRow & MatchRow & { hold_reason: string; held_at: Date | string | null }>(
      db,
      sql`select o.id, o.order_number, o.first_name, o.last_name, o.way, o.status, o.total_gbp_minor, o.branch_key,
            o.created_at, o.hold_reason, o.held_at,
            m.matched_entry_id, m.matched_name, m.score, m.list_version, m.screened_at
          from orders o
          left join lateral (
            select s.matched_entry_id, s.matched_name, s.score, l.version as list_version, s.screened_at
            from sanctions_screenings s join sanctions_lists l on l.id = s.list_id
            where s.order_id = o.id and s.result = 'match'
            order by s.screened_at desc limit 1
          ) m on true
          where ${held}
          order by o.created_at, o.id
          limit ${COMPLIANCE_LIST_SIZE}`,
    ),
    queryRows<{ n: string | number }>(db, sql`select count(*) as n from orders o where ${held}`),
    queryRows<OrderRow & MatchRow & { on_hold: boolean }>(
      db,
      sql`select o.id, o.order_number, o.first_name, o.last_name, o.way, o.status, o.total_gbp_minor, o.branch_key,
            o.created_at, (o.hold_reason is not null and o.hold_cleared_at is null) as on_hold,
            s.matched_entry_id, s.matched_name, s.score, l.version as list_version, s.screened_at
          from sanctions_screenings s
          join orders o on o.id = s.order_id
          join sanctions_lists l on l.id = s.list_id
          where s.result = 'match' and ${open}
            -- only the order's latest screening counts: a later list may have cleared the name
            and not exists (
              select 1 from sanctions_screenings later
              where later.order_id = s.order_id and later.screened_at > s.screened_at
            )
          order by s.screened_at desc, o.id
          limit ${COMPLIANCE_LIST_SIZE}`,
    ),
    queryRows<{
      id: string;
      version: string;
      imported_at: Date | string;
      imported_by: string;
      entry_count: number;
      name_count: number;
    }>(
      db,
      sql`select id, version, imported_at, imported_by, entry_count, name_count
          from sanctions_lists order by imported_at desc, id limit 20`,
    ),
  ]);
  return {
    onHold: {
      total: Number(heldCount[0]?.n ?? 0),
      orders: heldRows.map((r) => ({
        ...orderOf(r),
        reason: r.hold_reason,
        heldAt: r.held_at === null ? null : iso(r.held_at),
        sanctionsMatch: matchOf(r),
      })),
    },
    sanctionsMatches: matchRows.flatMap((r) => {
      const match = matchOf(r);
      return match ? [{ ...orderOf(r), match, onHold: r.on_hold }] : [];
    }),
    sanctionsLists: lists.map((l) => ({
      id: l.id,
      version: l.version,
      importedAt: iso(l.imported_at),
      importedBy: l.imported_by,
      entryCount: Number(l.entry_count),
      nameCount: Number(l.name_count),
    })),
  };
}
