import { isNull } from "drizzle-orm";
import type { OrderFilters, OrderList } from "@bureau/domain/contracts/dashboard";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { orderFilterConditions, orderPageWithLines } from "./order-queries.ts";
import { riskFlagsOf } from "../compliance/index.ts";

/**
 * One page of a staff order list, newest first, keyset-paged on (created_at, id). Archived orders
 * (History's Delete, docs/features/completed-orders-are-final.md) are left out unless `archived` is "include"; the export keeps them.
 */
export async function listOrders({
  db,
  timeZone,
  status,
  after,
  limit,
  archived = "exclude",
  branchScope = null,
  ...filters
}: OrderFilters & {
  /** The branches the viewer works at (null: all). */
  branchScope?: readonly string[] | null;
  db: Db;
  /** DISPLAY_TIME_ZONE: the calendar the from/to days are read in. */
  timeZone: string;
  status: OrderStatus;
  after?: string | undefined;
  limit: number;
  archived?: "exclude" | "include";
}): Promise<OrderList> {
  const conditions = orderFilterConditions({ ...filters, status }, timeZone, branchScope);
  if (archived === "exclude") conditions.push(isNull(orders.archivedAt));
  const { page, nextCursor } = await orderPageWithLines(db, { conditions, after, limit });
  const flags = await riskFlagsOf(
    db,
    page.map((r) => r.id),
  );
  return {
    orders: page.map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
      phone: r.phone,
      way: r.way,
      status: r.status,
      totalGbpMinor: r.totalGbpMinor,
      fx: r.lines,
      branch: r.branch,
      createdAt: r.createdAt.toISOString(),
      holdReason: r.holdClearedAt ? null : r.holdReason,
      enhancedDueDiligence: r.enhancedDueDiligence,
      riskFlags: (flags.get(r.id) ?? []).map((flag) => flag.label),
      archivedAt: r.archivedAt?.toISOString() ?? null,
      channel: r.channel,
      reversedAt: r.reversedAt?.toISOString() ?? null,
    })),
    nextCursor,
  };
}
