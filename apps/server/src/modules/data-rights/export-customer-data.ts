import { asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { DataExport } from "@bureau/domain/contracts/data-export";
import { users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { contactMessages, orderHandovers, orderLines, orders, rateAlerts } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";

/** Who the export is about: the customer of an order (staff), or a signed-in customer themselves. */
export type DataSubject =
  | { from: "order"; orderId: string }
  | { from: "account"; userId: string; email: string; emailVerified: boolean };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * A subject access export (docs/features/retention-and-data-rights.md). The file holds only what is proven to be the requester's: from
 * an order (staff), that order, the orders sharing its e-mail (the address staff confirm the requester
 * holds before handing the file over) or its account, and the accounts linked to the order or whose
 * verified e-mail is the order's; their contact messages and rate alerts by the same e-mail. A phone
 * number proves nothing: a customer may type a neighbour's, so orders that share only the phone would
 * hand the neighbour's name, e-mail and amounts to the requester. They stay out of the file and go to
 * staff as a review list (`listPhoneOnlyOrders`), to be checked with the customer. A customer exporting
 * their own data is identified by their account, and their e-mail address once verified (decision 012).
 *
 * Staff exports are audited (personal data leaving the bureau: who took whose, and how much of it); the
 * entry carries counts, not the data.
 */
export async function exportCustomerData({
  db,
  subject,
  staff,
  now = new Date(),
}: {
  db: Db;
  subject: DataSubject;
  /** The staff member making the export for a customer's request. */
  staff?: { actor: AuditActor; requestId?: string | undefined };
  now?: Date;
}): Promise<DataExport> {
  const keys = await subjectKeys(db, subject);
  const { emails, accountIds } = keys;

  const { orderRows, handoverOf, lineRows } = await subjectOrders(db, subject, keys);
  const accountRows = await subjectAccounts(db, keys);
  const messageRows = await db
    .select()
    .from(contactMessages)
    .where(inArray(contactMessages.emailKey, emails))
    .orderBy(asc(contactMessages.createdAt));
  const alertRows = await db
    .select()
    .from(rateAlerts)
    .where(inArray(sql`lower(${rateAlerts.email})`, emails))
    .orderBy(asc(rateAlerts.createdAt));

  if (staff) {
    await writeAudit(db, {
      ...auditedBy(staff.actor, staff.requestId),
      action: "customer.data_export",
      entityType: subject.from === "order" ? "order" : "user",
      entityId: subject.from === "order" ? subject.orderId : subject.userId,
      after: {
        orders: orderRows.length,
        contactMessages: messageRows.length,
        rateAlerts: alertRows.length,
        accounts: accountRows.length,
      },
    });
  }
  return {
    kind: "subject-access-export",
    generatedAt: now.toISOString(),
    // No phone: a phone number matches nothing in the file.
    subject: { from: subject.from, emails, phones: [], accounts: accountIds },
    accounts: accountRows.map((account) => ({
      id: account.id,
      email: account.email,
      emailVerified: account.emailVerified,
      displayName: account.name,
      role: account.role,
      createdAt: account.createdAt.toISOString(),
      hasPhoto: Boolean(account.hasPhoto),
      signInMethods: account.signInMethods,
    })),
    orders: orderRows.map((order) =>
      orderView(
        order,
        lineRows.filter((line) => line.orderId === order.id),
        handoverOf.get(order.id),
        keys,
      ),
    ),
    contactMessages: messageRows.map((message) => ({
      receivedAt: message.createdAt.toISOString(),
      name: message.name,
      email: message.email,
      phone: message.phone,
      message: message.message,
      anonymisedAt: iso(message.anonymisedAt),
    })),
    rateAlerts: alertRows.map((alert) => ({
      currency: alert.currencyCode,
      target: alert.target,
      email: alert.email,
      status: alert.status,
      createdAt: alert.createdAt.toISOString(),
      confirmedAt: iso(alert.confirmedAt),
      triggeredAt: iso(alert.triggeredAt),
      unsubscribedAt: iso(alert.unsubscribedAt),
    })),
  };
}

type SubjectKeys = { emails: string[]; accountIds: string[] };

/** The subject's orders (by e-mail, by account, and the order the export starts from), with their handovers and lines. */
async function subjectOrders(db: Db, subject: DataSubject, { emails, accountIds }: SubjectKeys) {
  const orderMatch: SQL[] = [inArray(orders.emailKey, emails), inArray(orders.userId, accountIds)];
  if (subject.from === "order") orderMatch.push(eq(orders.id, subject.orderId));
  const orderRows = await db
    .select()
    .from(orders)
    .where(or(...orderMatch))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const orderIds = orderRows.map((order) => order.id);
  const handoverRows =
    orderRows.length === 0
      ? []
      : await db.select().from(orderHandovers).where(inArray(orderHandovers.orderId, orderIds));
  const handoverOf = new Map(handoverRows.map((handover) => [handover.orderId, handover]));
  const lineRows =
    orderRows.length === 0
      ? []
      : await db
          .select()
          .from(orderLines)
          .where(inArray(orderLines.orderId, orderIds))
          .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  return { orderRows, handoverOf, lineRows };
}

/** The accounts by id, and those whose e-mail is one of the subject's. */
function subjectAccounts(db: Db, { emails, accountIds }: SubjectKeys) {
  return db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      name: users.name,
      role: users.role,
      createdAt: users.createdAt,
      // Spelled out with aliases: Drizzle writes a one-table query's columns without their table's name.
      hasPhoto: sql<boolean>`exists (select 1 from user_photos p where p.user_id = users.id)`,
      signInMethods: sql<string[]>`coalesce((select array_agg(a.provider_id order by a.provider_id)
        from accounts a where a.user_id = users.id), '{}')`,
    })
    .from(users)
    .where(or(inArray(users.id, accountIds), inArray(sql`lower(btrim(${users.email}))`, emails)))
    .orderBy(asc(users.createdAt));
}

/** An order as the export shows it, saying which of the subject's keys linked it to them. */
function orderView(
  order: typeof orders.$inferSelect,
  lines: (typeof orderLines.$inferSelect)[],
  handover: typeof orderHandovers.$inferSelect | undefined,
  { emails, accountIds }: SubjectKeys,
): DataExport["orders"][number] {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    way: order.way,
    placedAt: order.createdAt.toISOString(),
    acceptedAt: iso(order.acceptedAt),
    completedAt: iso(order.completedAt),
    cancelledAt: iso(order.cancelledAt),
    expiredAt: iso(order.expiredAt),
    anonymisedAt: iso(order.anonymisedAt),
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    phone: order.phone,
    address: order.customerAddress,
    dateOfBirth: order.customerDateOfBirth,
    branch: order.branchKey,
    totalGbpMinor: order.totalGbpMinor,
    lines: lines.map((line) => ({
      currency: line.currencyCode,
      gbpMinor: line.gbpMinor,
      foreignMinor: line.foreignMinor,
      rate: line.rate,
    })),
    handover: handoverView(handover),
    linkedBy: [
      ...(order.emailKey && emails.includes(order.emailKey) ? (["email"] as const) : []),
      ...(order.userId && accountIds.includes(order.userId) ? (["account"] as const) : []),
    ],
  };
}

/** The normalised e-mails and account ids the subject's records are matched by. */
export async function subjectKeys(db: Db, subject: DataSubject): Promise<SubjectKeys> {
  const present = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];
  if (subject.from === "account") {
    // The same normalisation as the orders' generated e-mail key.
    const email = subject.emailVerified ? subject.email.trim().toLowerCase() : null;
    return { emails: present([email]), accountIds: [subject.userId] };
  }
  const [seed] = await db
    .select({
      emailKey: orders.emailKey,
      userId: orders.userId,
      // Spelled out with aliases: Drizzle writes a one-table query's columns without their table's name.
      accountEmail: sql<string | null>`(select lower(btrim(u.email)) from users u where u.id = orders.user_id)`,
      // An account whose verified e-mail is the order's is the same customer (decision 012).
      verifiedAccounts: sql<string[]>`coalesce((select array_agg(u.id) from users u
        where lower(btrim(u.email)) = orders.email_key and u.email_verified), '{}')`,
    })
    .from(orders)
    .where(eq(orders.id, subject.orderId));
  if (!seed) throw new AppError("not_found", "There is no such order.");
  return {
    emails: present([seed.emailKey, seed.accountEmail]),
    accountIds: present([seed.userId, ...seed.verifiedAccounts]),
  };
}

/** The handover as the customer's data export shows it (the staff member who recorded it is not theirs). */
function handoverView(handover: typeof orderHandovers.$inferSelect | undefined) {
  if (!handover) return null;
  return {
    idType: handover.idType,
    idNumberLast4: handover.idNumberLast4,
    idExpiresOn: handover.idExpiresOn,
    settledGbpMinor: handover.gbpMinor,
  };
}
