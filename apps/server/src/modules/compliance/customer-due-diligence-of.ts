import { and, desc, eq, gt, lte, or, sql } from "drizzle-orm";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { CUSTOMER_DUE_DILIGENCE_MONTHS } from "@bureau/domain/customer-due-diligence";
import type { Db } from "../../db/client.ts";
import { customerDueDiligence } from "../../db/schema.ts";
import { TWELVE_MONTHS } from "./linked-orders.ts";

type DueDiligenceView = NonNullable<OrderDetails["compliance"]["customerDueDiligence"]>;

/** A customer due-diligence record as the order's page shows it (docs/features/linked-series-and-customer-due-diligence.md), null when there is none. */
export async function customerDueDiligenceOf(db: Db, recordId: string): Promise<DueDiligenceView | null> {
  const [record] = await db.select().from(customerDueDiligence).where(eq(customerDueDiligence.id, recordId));
  return record ? toView(record) : null;
}

/**
 * The record that covered a customer's order when it was placed: the newest of the order's e-mail or phone
 * keys checked in the 12 months up to the order (as the placement asked: modules/placement).
 */
export async function coveringDueDiligence(
  db: Db,
  order: { emailKey: string | null; phoneKey: string | null; createdAt: Date },
): Promise<DueDiligenceView | null> {
  const keys = or(
    order.emailKey ? eq(customerDueDiligence.emailKey, order.emailKey) : undefined,
    order.phoneKey ? eq(customerDueDiligence.phoneKey, order.phoneKey) : undefined,
  );
  if (!keys) return null;
  // The window as the placement's read has it (PostgreSQL's calendar months), not JavaScript's.
  const since = sql`${order.createdAt.toISOString()}::timestamptz - ${TWELVE_MONTHS}`;
  const [record] = await db
    .select()
    .from(customerDueDiligence)
    .where(and(keys, gt(customerDueDiligence.checkedAt, since), lte(customerDueDiligence.checkedAt, order.createdAt)))
    .orderBy(desc(customerDueDiligence.checkedAt))
    .limit(1);
  return record ? toView(record) : null;
}

function toView(record: typeof customerDueDiligence.$inferSelect): DueDiligenceView {
  const coversUntil = new Date(record.checkedAt);
  coversUntil.setUTCMonth(coversUntil.getUTCMonth() + CUSTOMER_DUE_DILIGENCE_MONTHS);
  return {
    idType: record.idType,
    idNumberLast4: record.idNumberLast4,
    idExpiresOn: record.idExpiresOn,
    sourceOfFunds: record.sourceOfFunds,
    note: record.note,
    checkedBy: record.checkedBy,
    checkedAt: record.checkedAt.toISOString(),
    coversUntil: coversUntil.toISOString(),
  };
}
