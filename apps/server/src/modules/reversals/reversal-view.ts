import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { OrderReversal, ReversalView } from "@bureau/domain/contracts/reversals";
import type { Db, Tx } from "../../db/client.ts";
import { branches, orderReversals, orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

type ReversalRow = typeof orderReversals.$inferSelect;

/** A reversal as the order's page shows it. */
export function toOrderReversal(row: ReversalRow): OrderReversal {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  };
}

/** Every reversal of an order, oldest first, for its page and timeline. */
export async function reversalsOfOrder(db: Db | Tx, orderId: string): Promise<OrderReversal[]> {
  const rows = await db
    .select()
    .from(orderReversals)
    .where(eq(orderReversals.orderId, orderId))
    .orderBy(asc(orderReversals.requestedAt), asc(orderReversals.id));
  return rows.map(toOrderReversal);
}

/** Reversals with their orders, oldest request first. */
async function reversalViews(db: Db | Tx, where: SQL | undefined): Promise<ReversalView[]> {
  const rows = await db
    .select({ reversal: orderReversals, order: orders, branchName: branches.name })
    .from(orderReversals)
    .innerJoin(orders, eq(orders.id, orderReversals.orderId))
    .innerJoin(branches, eq(branches.key, orders.branchKey))
    .where(where)
    .orderBy(asc(orderReversals.requestedAt), asc(orderReversals.id))
    .limit(500);
  return rows.map(({ reversal, order, branchName }) => ({
    ...toOrderReversal(reversal),
    requestedById: reversal.requestedById,
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      way: order.way,
      customerName: `${order.firstName} ${order.lastName}`,
      totalGbpMinor: order.totalGbpMinor,
      completedAt: order.completedAt?.toISOString() ?? null,
      completedBy: order.completedBy,
      branch: { key: order.branchKey, name: branchName },
    },
  }));
}

/** One reversal with its order; 404 when there is none. */
export async function reversalView(db: Db | Tx, reversalId: string): Promise<ReversalView> {
  const [view] = await reversalViews(db, eq(orderReversals.id, reversalId));
  if (!view) throw new AppError("not_found", "There is no such reversal.");
  return view;
}

/**
 * The reversals waiting for a decision, oldest first: at one branch, or at every branch the staff
 * member works at (`branchScope` null: all branches).
 */
export async function listRequestedReversals(options: {
  db: Db;
  branchScope: readonly string[] | null;
  branchKey?: string | undefined;
}): Promise<{ reversals: ReversalView[] }> {
  const { db, branchScope, branchKey } = options;
  const branchesShown = branchKey ? [branchKey] : branchScope;
  const reversals = await reversalViews(
    db,
    and(
      eq(orderReversals.status, "requested"),
      branchesShown ? inArray(orders.branchKey, branchesShown.length > 0 ? [...branchesShown] : ["-"]) : undefined,
    ),
  );
  return { reversals };
}
