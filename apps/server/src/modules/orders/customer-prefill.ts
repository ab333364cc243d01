import type { CustomerPrefill } from "@bureau/domain/contracts/tracking";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { newestOrdersFirst, placedWithEmail } from "./order-queries.ts";

/**
 * The details order step 2 starts from for a signed-in customer. The phone is the profile's own when it has
 * one (the customer gave it to us themselves). Otherwise the name and phone of the latest order placed with
 * the address are offered only when the address is verified (they are whoever used it); failing those, the
 * display name, split at its first space, and no phone.
 */
export async function customerPrefill({
  db,
  user,
  profilePhone,
}: {
  db: Db;
  user: { email: string; name: string; emailVerified: boolean };
  /** The phone number on the customer's profile, or null. */
  profilePhone: string | null;
}): Promise<CustomerPrefill> {
  if (user.emailVerified) {
    const [latest] = await db
      .select({ firstName: orders.firstName, lastName: orders.lastName, phone: orders.phone })
      .from(orders)
      .where(placedWithEmail(user.email))
      .orderBy(...newestOrdersFirst)
      .limit(1);
    if (latest) return { ...latest, phone: profilePhone ?? latest.phone, email: user.email };
  }
  const name = user.name.trim();
  const space = name.indexOf(" ");
  return {
    firstName: space < 0 ? name : name.slice(0, space),
    lastName: space < 0 ? "" : name.slice(space + 1).trim(),
    email: user.email,
    phone: profilePhone ?? "",
  };
}
