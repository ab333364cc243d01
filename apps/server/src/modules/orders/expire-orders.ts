import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { EXPIRABLE_STATUSES, expiryCutoffs, type OrderExpiry } from "@bureau/domain/order-lifecycle";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { writeAudit } from "../audit/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { settleOrderNotes } from "../stock/index.ts";

const BATCH = 200;

/**
 * Closes the orders nobody collected in time (the rule is packages/domain's, expiryCutoffs): each
 * becomes `expired`, which drops it from the staff working lists, releases the notes it reserved, is
 * audited with the system as actor,
 * and tells the customer by e-mail through the outbox, all in one transaction per batch. Rows another
 * transaction holds (a staff accept or a customer's cancel in flight) are skipped and seen next time;
 * the status condition in the UPDATE keeps an order that changed meanwhile as it is.
 */
export async function expireOverdueOrders({
  db,
  expiry,
  now = new Date(),
}: {
  db: Db;
  expiry: OrderExpiry;
  now?: Date;
}): Promise<{ expired: number }> {
  const { acceptedBefore, pendingBefore } = expiryCutoffs(now, expiry);
  const overdue = or(
    and(eq(orders.status, "pending"), lt(orders.createdAt, pendingBefore)),
    and(eq(orders.status, "accepted"), lt(sql`coalesce(${orders.acceptedAt}, ${orders.createdAt})`, acceptedBefore)),
  );
  let expired = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id, status: orders.status, email: orders.email, way: orders.way })
        .from(orders)
        .where(overdue)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      const changed = await tx
        .update(orders)
        .set({ status: "expired", expiredAt: now })
        .where(
          and(
            inArray(
              orders.id,
              due.map((order) => order.id),
            ),
            inArray(orders.status, [...EXPIRABLE_STATUSES]),
          ),
        )
        .returning({ id: orders.id });
      const changedIds = new Set(changed.map((row) => row.id));
      for (const order of due) {
        if (!changedIds.has(order.id)) continue;
        await writeAudit(tx, {
          actorId: null,
          actorEmail: null,
          action: "order.expire",
          entityType: "order",
          entityId: order.id,
          before: { status: order.status },
          after: { status: "expired", rule: order.status === "pending" ? expiry.pendingDays : expiry.acceptedDays },
        });
        await settleOrderNotes(tx, { orderId: order.id, way: order.way, outcome: "expired" });
        await enqueueMail(tx, {
          kind: "order-expired",
          dedupeKey: `order-expired:${order.id}`,
          to: order.email,
          data: { orderId: order.id },
        });
      }
      return changed.length;
    });
    expired += batch;
    if (batch < BATCH) return { expired };
  }
}
