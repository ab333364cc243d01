import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { displayDates } from "@bureau/domain/dates";
import { ANONYMISED, lastDueDay, nextDay, type RetentionPeriod, type RetentionRules } from "@bureau/domain/retention";
import type { Db, Tx } from "../../db/client.ts";
import { auditLog, orderClosedAt, orderHandovers, orderRiskFlags, sanctionsScreenings } from "../../db/schema.ts";
import { queryRows } from "../../lib/postgres.ts";
import { writeAudit } from "../audit/index.ts";
import { confirmationLifetime } from "../rate-alerts/index.ts";

/** An anonymised handover's document expiry (the column is required): a date no document carries. */
const HANDOVER_EXPIRY_ANONYMISED = "1900-01-01";

const BATCH = 500;

export type RetentionRun = {
  /** The day of the display zone the run applied the periods on. */
  day: string;
  ordersAnonymised: number;
  contactMessagesAnonymised: number;
  outboxMessagesAnonymised: number;
  rateAlertsAnonymised: number;
  quotesRemoved: number;
  sessionsRemoved: number;
};

/**
 * Applies the retention periods (packages/domain/src/retention.ts, docs/features/retention-and-data-rights.md) as they stand on `now`'s
 * day in the display zone. Personal data is overwritten, never the financial record: a closed order keeps
 * its number, status, amounts, lines and rates, dates and branch, and loses name, e-mail, phone, address,
 * date of birth and account link; an order under an open suspicion report keeps everything. Contact
 * messages, sent e-mails and ended rate alerts (fired, stopped, or lapsed unconfirmed) lose their personal data; unused expired quotes and expired
 * sessions, which are no business records, are deleted. Each order is
 * audited (its history says when its personal data went); the rest is counted in one audit entry for the
 * run. Work goes in batches of one transaction each, skipping rows another transaction holds (seen at the
 * next run), so that a first run over years of orders never holds a long lock.
 */
export async function applyRetention({
  db,
  rules,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  rules: RetentionRules;
  timeZone: string;
  now?: Date;
}): Promise<RetentionRun> {
  const day = displayDates(timeZone).day(now);
  const scope: RetentionScope = {
    db,
    rules,
    now,
    // Records that ended before the start of the day after the last due day have had their whole period.
    endedBefore: (period) => sql`(${nextDay(lastDueDay(day, period))}::date::timestamp at time zone ${timeZone})`,
    at: sql`${now.toISOString()}::timestamptz`,
  };
  const expired = scope.endedBefore({ days: rules.expiredRecordsDays });

  // One kind of record after another, in this order, as the periods have always been applied.
  const ordersAnonymised = await anonymiseClosedOrders(scope);
  const contactMessagesAnonymised = await anonymiseContactMessages(scope);
  const outboxMessagesAnonymised = await anonymiseSentMail(scope, expired);
  const rateAlertsAnonymised = await anonymiseEndedRateAlerts(scope, expired);
  const quotesRemoved = await removeUnusedQuotes(scope, expired);
  const sessionsRemoved = await removeExpiredSessions(scope, expired);

  const run: RetentionRun = {
    day,
    ordersAnonymised,
    contactMessagesAnonymised,
    outboxMessagesAnonymised,
    rateAlertsAnonymised,
    quotesRemoved,
    sessionsRemoved,
  };
  if (Object.values(run).some((value) => typeof value === "number" && value > 0)) {
    await writeAudit(db, {
      actorId: null,
      actorEmail: null,
      action: "retention.run",
      entityType: "retention",
      entityId: day,
      after: { ...run, rules },
    });
  }
  return run;
}

/** What every step of one run shares: where, which periods, and the moment the run stands on. */
type RetentionScope = {
  db: Db;
  rules: RetentionRules;
  now: Date;
  /** The moment before which a record ended has had the whole of `period`. */
  endedBefore: (period: RetentionPeriod) => SQL;
  /** `now` as a timestamp, written as each row's anonymisation time. */
  at: SQL;
};

/** Closed orders past the orders period lose their personal data, each batch in its own transaction. */
function anonymiseClosedOrders(scope: RetentionScope): Promise<number> {
  const { db, rules, endedBefore, at } = scope;
  return inBatches(() =>
    db.transaction(async (tx) => {
      const done = await queryRows<{ id: string; closed_at: Date | string }>(
        tx,
        sql`with due as (
            select id from orders o
            where o.anonymised_at is null and o.status in ('completed', 'cancelled', 'expired')
              and ${orderClosedAt} < ${endedBefore({ years: rules.ordersYears })}
              and not ${underInvestigation}
            limit ${BATCH}
            for update skip locked)
          update orders o set
            first_name = ${ANONYMISED}, last_name = ${ANONYMISED}, email = '', phone = '',
            customer_address = case when o.customer_address is null then null else ${ANONYMISED} end,
            customer_date_of_birth = null, user_id = null,
            -- A customer's own cancel is signed with their e-mail; staff names stay.
            cancelled_by = case when lower(o.cancelled_by) = lower(o.email) then ${ANONYMISED} else o.cancelled_by end,
            anonymised_at = ${at}
          from due where o.id = due.id
          returning o.id, ${orderClosedAt} as closed_at`,
      );
      if (done.length === 0) return 0;
      await anonymiseOrderRecords(
        tx,
        done.map((order) => order.id),
      );
      for (const order of done) {
        await writeAudit(tx, {
          actorId: null,
          actorEmail: null,
          action: "order.anonymise",
          entityType: "order",
          entityId: order.id,
          before: { closedAt: new Date(order.closed_at).toISOString() },
          after: { anonymisedAt: scope.now.toISOString(), rule: `${rules.ordersYears} years after the order closed` },
        });
      }
      return done.length;
    }),
  );
}

/** The records kept beside the anonymised orders `ids` that name the customer too. */
async function anonymiseOrderRecords(tx: Tx, ids: string[]): Promise<void> {
  // The name as screened against the sanctions list is the customer's too; score and result stay.
  await tx
    .update(sanctionsScreenings)
    .set({ screenedName: ANONYMISED })
    .where(inArray(sanctionsScreenings.orderId, ids));
  // The "other names" risk flag quotes the names given with the same contact details; the rule stays.
  await tx
    .update(orderRiskFlags)
    .set({ detail: ANONYMISED })
    .where(and(inArray(orderRiskFlags.orderId, ids), eq(orderRiskFlags.rule, "names_differ")));
  // The identity document checked at handover (docs/features/handover-at-the-counter.md): its number's last characters and its expiry
  // are the customer's; its type, the card tick, the notes and the sterling settled are the record.
  await tx
    .update(orderHandovers)
    .set({ idNumberLast4: "", idExpiresOn: HANDOVER_EXPIRY_ANONYMISED })
    .where(inArray(orderHandovers.orderId, ids));
  // Audit entries a customer made on their order (a cancel) name them by e-mail.
  await tx
    .update(auditLog)
    .set({ actorEmail: ANONYMISED })
    .where(
      and(
        eq(auditLog.entityType, "order"),
        inArray(auditLog.entityId, ids),
        isNull(auditLog.actorId),
        isNotNull(auditLog.actorEmail),
      ),
    );
}

function anonymiseContactMessages({ db, rules, endedBefore, at }: RetentionScope): Promise<number> {
  return inBatches(async () =>
    count(
      await queryRows<{ id: string }>(
        db,
        sql`with due as (
            select id from contact_messages
            where anonymised_at is null and created_at < ${endedBefore({ months: rules.contactMessagesMonths })}
            limit ${BATCH}
            for update skip locked)
          update contact_messages m set name = ${ANONYMISED}, email = '', phone = null, message = ${ANONYMISED},
            anonymised_at = ${at}
          from due where m.id = due.id
          returning m.id`,
      ),
    ),
  );
}

/**
 * A message sent (or given up on) keeps its kind, its event key (so that the event is never announced
 * twice) and its dates: the record that we wrote to the customer, without whom or what.
 */
function anonymiseSentMail({ db, at }: RetentionScope, expired: SQL): Promise<number> {
  return inBatches(async () =>
    count(
      await queryRows<{ id: number }>(
        db,
        sql`with due as (
            select id from outbox
            where anonymised_at is null and status <> 'pending' and created_at < ${expired}
            limit ${BATCH}
            for update skip locked)
          update outbox m set payload = '{"anonymised":true}'::jsonb, last_error = null, anonymised_at = ${at}
          from due where m.id = due.id
          returning m.id`,
      ),
    ),
  );
}

/** An alert that fired, was stopped or lapsed unconfirmed needs no address any more; currency, target and dates stay. */
function anonymiseEndedRateAlerts({ db }: RetentionScope, expired: SQL): Promise<number> {
  return inBatches(async () =>
    count(
      await queryRows<{ id: string }>(
        db,
        sql`with due as (
            select id from rate_alerts
            where email <> '' and (
              (status in ('triggered', 'unsubscribed')
                and coalesce(triggered_at, unsubscribed_at, created_at) < ${expired})
              or (status = 'pending' and created_at + ${confirmationLifetime} < ${expired}))
            limit ${BATCH}
            for update skip locked)
          update rate_alerts a set email = '' from due where a.id = due.id
          returning a.id`,
      ),
    ),
  );
}

/**
 * A quote is a price offered for 30 minutes with no personal data; one nobody ordered with is no
 * business record, so it goes. A quote an order line spent is part of that order's record and stays.
 */
function removeUnusedQuotes({ db }: RetentionScope, expired: SQL): Promise<number> {
  return inBatches(async () =>
    count(
      await queryRows<{ id: string }>(
        db,
        sql`delete from quotes where id in (
            select q.id from quotes q
            where q.expires_at < ${expired}
              and not exists (select 1 from order_lines l where l.quote_id = q.id)
            limit ${BATCH}
            for update skip locked)
          returning id`,
      ),
    ),
  );
}

/** An expired session lets nobody in; what it keeps is a network address and a browser's name. */
function removeExpiredSessions({ db }: RetentionScope, expired: SQL): Promise<number> {
  return inBatches(async () =>
    count(
      await queryRows<{ id: string }>(
        db,
        sql`delete from sessions where id in (
            select id from sessions where expires_at < ${expired} limit ${BATCH} for update skip locked)
          returning id`,
      ),
    ),
  );
}

/**
 * An order under an open suspicion report keeps its personal data whatever its age: the report may still
 * lead to a disclosure to the National Crime Agency, which needs it. (Holds of the due-diligence tiers do
 * not count: a held order cannot close without staff clearing or cancelling it.) A report is open until the
 * MLRO clears the hold it made (docs/features/risk-flags-and-suspicion-reports.md).
 */
const underInvestigation = sql`exists (select 1 from suspicion_reports r where r.order_id = o.id and r.closed_at is null)`;

async function inBatches(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch();
    total += done;
    if (done < BATCH) return total;
  }
}

const count = (rows: unknown[]) => rows.length;
