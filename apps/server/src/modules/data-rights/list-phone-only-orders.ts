import { and, asc, eq, inArray, isNull, ne, not, or } from "drizzle-orm";
import type { PhoneOnlyReview } from "@bureau/domain/contracts/data-export";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { subjectKeys } from "./export-customer-data.ts";

/**
 * The review list beside a staff subject access export (docs/features/retention-and-data-rights.md): the orders sharing the phone
 * number of the order the export starts from but neither its e-mail nor its account, so left out of the
 * file. Staff check them with the customer; the file never carries them.
 */
export async function listPhoneOnlyOrders({ db, orderId }: { db: Db; orderId: string }): Promise<PhoneOnlyReview> {
  const [seed] = await db.select({ phoneKey: orders.phoneKey }).from(orders).where(eq(orders.id, orderId));
  if (!seed) throw new AppError("not_found", "There is no such order.");
  if (!seed.phoneKey) return { orders: [] };
  const { emails, accountIds } = await subjectKeys(db, { from: "order", orderId });
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      firstName: orders.firstName,
      lastName: orders.lastName,
      status: orders.status,
    })
    .from(orders)
    .where(
      and(
        eq(orders.phoneKey, seed.phoneKey),
        ne(orders.id, orderId),
        or(isNull(orders.emailKey), not(inArray(orders.emailKey, emails))),
        or(isNull(orders.userId), not(inArray(orders.userId, accountIds))),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return {
    orders: rows.map((row) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      placedAt: row.createdAt.toISOString(),
      name: `${row.firstName} ${row.lastName}`,
      status: row.status,
    })),
  };
}
