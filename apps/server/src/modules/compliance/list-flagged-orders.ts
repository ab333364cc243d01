import { inArray, sql } from "drizzle-orm";
import type { FlaggedOrderList } from "@bureau/domain/contracts/dashboard";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { decodeKeysetCursor, isUuid, keysetPage } from "../../lib/keyset-cursor.ts";
import { queryRows } from "../../lib/postgres.ts";
import { riskFlagsOf } from "./risk-flags-of.ts";

/**
 * Orders with at least one risk flag, newest first, one keyset page at a time (the compliance screen). The
 * page is read from the flags' own index: an order's flags are all stamped with its placement time
 * (modules/placement), so (flagged_at, order_id) is the order's (created_at, id) and the orders' cursor
 * serves; a million unflagged orders are never walked.
 */
export async function listFlaggedOrders({
  db,
  after,
  limit,
}: {
  db: Db;
  after?: string | undefined;
  limit: number;
}): Promise<FlaggedOrderList> {
  const cursor = after ? decodeKeysetCursor(after, isUuid) : null;
  const keys = await queryRows<{ order_id: string; flagged_at: Date | string }>(
    db,
    sql`select distinct f.flagged_at, f.order_id from order_risk_flags f
        ${cursor ? sql`where (f.flagged_at, f.order_id) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by f.flagged_at desc, f.order_id desc
        limit ${limit + 1}`,
  );
  const { page, nextCursor } = keysetPage(
    keys.map((k) => ({ id: k.order_id, createdAt: new Date(k.flagged_at) })),
    limit,
  );
  const ids = page.map((k) => k.id);
  const [rows, flags] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            id: orders.id,
            orderNumber: orders.orderNumber,
            firstName: orders.firstName,
            lastName: orders.lastName,
            status: orders.status,
            createdAt: orders.createdAt,
          })
          .from(orders)
          .where(inArray(orders.id, ids)),
    riskFlagsOf(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    orders: page.flatMap((key) => {
      const r = byId.get(key.id);
      if (!r) return [];
      return [
        {
          id: r.id,
          orderNumber: r.orderNumber,
          name: `${r.firstName} ${r.lastName}`,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
          flags: flags.get(r.id) ?? [],
        },
      ];
    }),
    nextCursor,
  };
}
