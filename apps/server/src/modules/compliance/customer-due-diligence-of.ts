import { eq } from "drizzle-orm";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { CUSTOMER_DUE_DILIGENCE_MONTHS } from "@bureau/domain/customer-due-diligence";
import type { Db } from "../../db/client.ts";
import { customerDueDiligence } from "../../db/schema.ts";

/** A customer due-diligence record as the order's page shows it (decision 029), null when there is none. */
export async function customerDueDiligenceOf(
  db: Db,
  recordId: string,
): Promise<NonNullable<NonNullable<OrderDetails["compliance"]["hold"]>["dueDiligence"]> | null> {
  const [record] = await db.select().from(customerDueDiligence).where(eq(customerDueDiligence.id, recordId));
  if (!record) return null;
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
