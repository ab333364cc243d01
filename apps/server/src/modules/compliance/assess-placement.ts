import { type SQL, sql } from "drizzle-orm";
import { type DueDiligenceTiers, THRESHOLD_HOLD_REASON_START } from "@bureau/domain/due-diligence";
import type { RiskFlag, RiskRules } from "@bureau/domain/risk-flags";
import { emailKeyOfValue, phoneKeyOfValue } from "../../db/schema.ts";
import { daysWindow, type ProspectiveOrder, prospectiveLinkedOrders, TWELVE_MONTHS } from "./linked-orders.ts";
import { type AuditEntry, auditEntriesInsert, auditEntryInsert } from "../audit/index.ts";
import { type DueDiligenceDecision, decideDueDiligence } from "./assess-due-diligence.ts";
import {
  decideRiskFlags,
  frequentOrder,
  type RiskFlagReadsRow,
  riskFlagOwnReads,
  riskFlagsInsert,
  otherNamedOrder,
  riskOthersRead,
} from "./assess-risk-flags.ts";
import { type LinkedTotalsRow, linkedTotalsOf, toLinkedTotals } from "./linked-totals.ts";

/**
 * A placement's due diligence (decision 018) and risk flags (decision 023), decided before its order is
 * written and written with it: the placement's one read brings the customer's linked orders (with the
 * order itself as it will be), the tiers and the rules are applied in memory, and the order's one write
 * carries the flag, the hold, the risk flags and their audit entries. A placement used to write its order
 * first and then read the linked orders again and write the assessment: two statements more, each a round
 * trip and a pooled connection, on every placement of a customer past a tier (bench/report.md).
 *
 * What the read cannot see is a concurrent placement by the same customer that has not committed yet. So
 * each order takes the next place in its customer's sequence of placements, per e-mail key and per phone
 * key (`email_seq`, `phone_seq`: one more than the highest the read saw), and the unique indexes on
 * (key, place) let only one of two placements that read the same orders be written. The other is refused
 * (`isPlacementSequenceTaken`) and placed again from its read, which now sees the first: of two orders a
 * customer places at once, the one assessed later sees both, as when the assessment followed the write.
 */

/** What the placement's read gives for its assessment (`placementAssessmentFrom`'s columns). */
export type PlacementAssessmentRow = LinkedTotalsRow &
  Pick<RiskFlagReadsRow, "risk_frequent" | "risk_others"> & {
    /** The highest place in the customer's sequence of placements by e-mail and by phone (null: none yet). */
    email_seq: number | string | null;
    phone_seq: number | string | null;
    /** Whether the customer has a customer due-diligence record of the last 12 months (decision 029). */
    cdd_covered: boolean;
  };

/** The common table expression `linked` of the placement's read: the order to be written and its linked orders. */
export function placementLinked(order: ProspectiveOrder, rules: RiskRules): SQL {
  return prospectiveLinkedOrders(order, [TWELVE_MONTHS, daysWindow(rules.frequentDays)]);
}

/**
 * The one-row FROM item `assessment` of the placement's read, with the `PlacementAssessmentRow` columns;
 * the statement names `placementLinked` as `linked`, not materialised. The linked orders are read in one
 * pass, giving the totals, the frequent orders and whether any other name is on the contact details: only
 * then is `risk_others` read (most customers give one name). The three reads of `linked` each made, and
 * the copy of every linked order a common table expression read more than once keeps, were most of the
 * read's time for a customer with many orders (bench/report.md).
 */
export function placementAssessmentFrom(
  order: Pick<ProspectiveOrder, "email" | "phone" | "firstName" | "lastName"> & { placedAt: Date },
  rules: RiskRules,
): SQL {
  const mine = sql`${order.firstName}::text || ' ' || ${order.lastName}::text`;
  const emailKey = emailKeyOfValue(sql`${order.email}::text`);
  const phoneKey = phoneKeyOfValue(sql`${order.phone}::text`);
  const coveredSince = sql`${order.placedAt.toISOString()}::timestamptz - ${TWELVE_MONTHS}`;
  const totals = linkedTotalsOf(false, { risk_frequent: frequentOrder(rules), other_names: otherNamedOrder(mine) });
  return sql`(select totals.year_order, totals.year_sell, totals.month_order, totals.month_sell, totals.orders,
        totals.risk_frequent, case when totals.other_names > 0 then ${riskOthersRead()} end as risk_others,
        (select max(o.email_seq) from orders o
          where o.email_key = ${emailKey} and o.email_seq is not null) as email_seq,
        (select max(o.phone_seq) from orders o
          where o.phone_key = ${phoneKey} and o.phone_seq is not null) as phone_seq,
        exists (select 1 from customer_due_diligence d where d.email_key = ${emailKey} and d.checked_at > ${coveredSince})
          or exists (select 1 from customer_due_diligence d
            where d.phone_key = ${phoneKey} and d.checked_at > ${coveredSince}) as cdd_covered
      from ${totals}) assessment`;
}

/** The tiers and the rules applied to the order about to be written, and its places in the sequences. */
export function decidePlacement({
  read,
  way,
  lines,
  reserved,
  eurRate,
  tiers,
  rules,
}: {
  read: PlacementAssessmentRow;
  way: "Order" | "Sell";
  lines: readonly { currencyCode: string; gbpMinor: number; foreignMinor: number }[];
  /** The notes the order reserves where the branch tracks them. */
  reserved: readonly { currency: string; notes: readonly { valueMinor: number; count: number }[] }[];
  eurRate: { eurPerGbp: string; day: string } | null;
  tiers: DueDiligenceTiers;
  rules: RiskRules;
}): { dueDiligence: DueDiligenceDecision; flags: RiskFlag[]; emailSeq: number; phoneSeq: number } {
  return {
    dueDiligence: decideDueDiligence(toLinkedTotals(read), eurRate, tiers, Boolean(read.cdd_covered)),
    flags: decideRiskFlags({ ...read, ...riskFlagOwnReads(way, lines, reserved) }, rules, tiers, eurRate),
    emailSeq: Number(read.email_seq ?? 0) + 1,
    phoneSeq: Number(read.phone_seq ?? 0) + 1,
  };
}

/**
 * What the order's write stores of the assessment: the order's hold reason (a sanctions match's first,
 * then the due diligence's on a line of its own, as placeOnHold adds one) and its flag, and the clauses
 * (each followed by a comma) writing the risk flags and the audit entries: the sanctions hold, the due
 * diligence hold, then the risk flags, as the holds and flags were entered when written one after another.
 */
export function placementAssessmentWrite({
  orderId,
  customer,
  sanctionsHold,
  dueDiligence,
  flags,
  placedAt,
}: {
  orderId: string;
  /** The contact details the order links by: a crossing holds the customer's other open orders too. */
  customer: Pick<ProspectiveOrder, "email" | "phone">;
  sanctionsHold: string | null;
  dueDiligence: DueDiligenceDecision;
  flags: readonly RiskFlag[];
  placedAt: Date;
}): { holdReason: string | null; enhanced: boolean; clauses: SQL } {
  const system = { actorId: null, actorEmail: null, entityType: "order", entityId: orderId } as const;
  const entries: AuditEntry[] = [];
  let holdReason: string | null = null;
  for (const reason of [sanctionsHold, dueDiligence.holdReason]) {
    if (reason === null) continue;
    const before = holdReason === null ? { onHold: false } : { onHold: true, reason: holdReason };
    holdReason = holdReason === null ? reason : `${holdReason}\n${reason}`;
    entries.push({ ...system, action: "order.hold", before, after: { onHold: true, reason: holdReason } });
  }
  if (flags.length > 0) entries.push({ ...system, action: "order.risk_flags", before: null, after: { flags } });
  const audited = auditEntriesInsert(entries);
  const riskFlags =
    flags.length === 0 ? sql`` : sql`risk_flags_stored as (${riskFlagsInsert(orderId, flags, placedAt)}),`;
  const series =
    dueDiligence.outcome?.threshold && dueDiligence.holdReason
      ? linkedSeriesHoldClauses(customer, dueDiligence.holdReason, placedAt)
      : sql``;
  return {
    holdReason,
    enhanced: dueDiligence.enhanced,
    clauses: sql`${riskFlags}${audited ? sql`placement_audited as (${audited}),` : sql``}${series}`,
  };
}

/**
 * The clauses (each followed by a comma) of a placement's write that hold the other open orders (Pending
 * or Accepted) of the linked set when the order crosses the threshold (decision 029): the customer's
 * orders linked by e-mail or phone over the 12 months the total counted, each held with the crossing's
 * reason and audited with the system as actor, as placeOnHold would (a standing hold gains the reason on a
 * line of its own and keeps its start; a cleared one starts again). An order already on hold for the
 * threshold is left as it is: it needs the same customer due diligence, and a reason per later order would
 * only repeat it.
 *
 * In the order's own write, so the order and its series are held together or not at all; the rows are
 * locked in id order, and a concurrent placement by the same customer is seen or refused by the placement
 * sequence (above), so of two placements of one series the one that crosses holds the other.
 */
function linkedSeriesHoldClauses(customer: Pick<ProspectiveOrder, "email" | "phone">, reason: string, placedAt: Date) {
  const at = sql`${placedAt.toISOString()}::timestamptz`;
  const thresholdLine = sql`${`\n${THRESHOLD_HOLD_REASON_START}`}::text`;
  const held = auditEntryInsert(
    {
      actorId: null,
      actorEmail: null,
      action: "order.hold",
      entityType: "order",
      entityId: "",
      entityIdSql: sql`series_changed.id::text`,
      beforeSql: sql`case when series_changed.standing
        then jsonb_build_object('onHold', true, 'reason', series_changed.standing_reason) else '{"onHold":false}'::jsonb end`,
      afterSql: sql`jsonb_build_object('onHold', true, 'reason', series_changed.hold_reason)`,
    },
    sql`from series_changed`,
  );
  return sql`series_held as (
        select o.id, o.hold_reason as standing_reason, o.hold_reason is not null and o.hold_cleared_at is null as standing
        from orders o
        where (o.email_key = ${emailKeyOfValue(sql`${customer.email}::text`)}
            or o.phone_key = ${phoneKeyOfValue(sql`${customer.phone}::text`)})
          and o.created_at > ${at} - ${TWELVE_MONTHS}
          and o.status in ('pending', 'accepted')
          and not (o.hold_reason is not null and o.hold_cleared_at is null
            and strpos(E'\n' || o.hold_reason, ${thresholdLine}) > 0)
        order by o.id
        for update of o),
      series_changed as (
        update orders o set
          hold_reason = case when s.standing then s.standing_reason || E'\n' || ${reason}::text else ${reason}::text end,
          held_at = case when s.standing then o.held_at else ${at} end,
          hold_cleared_at = null, hold_cleared_by = null, hold_clear_reason = null, hold_cleared_due_diligence_id = null
        from series_held s
        where o.id = s.id
        returning o.id, s.standing, s.standing_reason, o.hold_reason),
      series_audited as (${held}),`;
}

/** Whether a write was refused because a concurrent placement by the same customer took its place first. */
export function isPlacementSequenceTaken(constraint: string | null): boolean {
  return constraint === "orders_email_seq_key" || constraint === "orders_phone_seq_key";
}
