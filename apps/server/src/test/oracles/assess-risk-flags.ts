import { type SQL, sql } from "drizzle-orm";
import type { DueDiligenceTiers } from "@bureau/domain/due-diligence";
import { decideRiskFlags, type RiskReads } from "@bureau/domain/placement/compliance";
import type { RiskFlag, RiskRules } from "@bureau/domain/risk-flags";
import type { Db } from "../../db/client.ts";
import { linkedOrders, TWELVE_MONTHS } from "../../modules/compliance/linked-orders.ts";
import { queryRows } from "../../lib/postgres.ts";
import { auditEntryInsert } from "./audit-entry-insert.ts";
import { previousDayEurRate } from "./previous-day-eur-rate.ts";

/*
 * A test oracle: the risk rules applied to an order already written, reading its lines and its linked
 * orders again from the database. Placements decide before they write (modules/placement); tests hold the
 * two to the same flags.
 */

/**
 * A window of whole days as an interval literal (the rules' windows are settings, not input). Refuses
 * anything but a whole number.
 */
function daysWindow(days: number): SQL {
  if (!Number.isSafeInteger(days) || days < 0) throw new Error(`a window of days must be a whole number: ${days}`);
  return sql.raw(`interval '${days} days'`);
}

/** What the risk rules look at, as `riskFlagReads` gives it (JSON columns: both drivers parse them). */
type RiskFlagReadsRow = {
  /** The order's amounts per currency, with the notes reserved where stock chose them. */
  risk_currencies:
    | {
        currency_code: string;
        gbp_minor: string | number;
        foreign_minor: string | number;
        way: "Order" | "Sell";
        notes: { valueMinor: number | string; count: number }[] | null;
      }[]
    | null;
  /** The order's lines' sterling, in line order. */
  risk_lines: (string | number)[] | null;
  /** The customer's linked orders (this one included) in the frequent-orders window. */
  risk_frequent: number;
  /**
   * Names on the customer's other orders of the last 12 months, by e-mail and by phone (of the 25 newest of
   * each), but not the names spelt exactly as this order's (null: none).
   */
  risk_others: { name: string; order_number: string; via: "email" | "phone"; mine: string }[] | null;
};

/**
 * Computes a written order's risk flags (packages/domain risk-flags.ts) from the database as it stands and
 * stores each rule that fired with what it saw, audited with the system as actor (a placement applies the
 * same rules before it writes its order, and stores the flags with it: modules/placement). Reads in one
 * statement, and writes only when a rule fires; running it again stores nothing twice.
 */
export async function assessRiskFlags({
  db,
  orderId,
  placedAt,
  rules,
  tiers,
  eurRate,
}: {
  db: Db;
  orderId: string;
  placedAt: Date;
  rules: RiskRules;
  tiers: DueDiligenceTiers;
  /** The previous day's EUR rate when the caller has read it already. */
  eurRate?: { eurPerGbp: string; day: string } | null;
}): Promise<RiskFlag[]> {
  const [[read], rate] = await Promise.all([
    queryRows<RiskFlagReadsRow>(
      db,
      sql`with linked as (${riskFlagsLinked(orderId, rules)}) select ${riskFlagReads(orderId, rules)}`,
    ),
    eurRate === undefined ? previousDayEurRate(db, placedAt) : eurRate,
  ]);
  const flags = decideRiskFlags(toRiskReads(read), rules, tiers, rate);
  const write = riskFlagsWrite(orderId, flags, placedAt);
  if (write) await db.execute(sql`with ${write.clauses} select ${write.stored} as stored`);
  return flags;
}

/**
 * The linked orders the risk rules look at (the frequent orders' window, and the other names' 12 months),
 * as the common table expression `linked` that `riskFlagReads` reads.
 */
function riskFlagsLinked(orderId: string, rules: RiskRules): SQL {
  return linkedOrders(orderId, [TWELVE_MONTHS, daysWindow(rules.frequentDays)]);
}

/**
 * The select-list items (the `RiskFlagReadsRow` columns) reading what the rules look at, for a statement
 * that may read more at once (a placement's assessment reads them with the linked totals). The statement
 * names `linked` a common table expression of at least `riskFlagsLinked`'s orders.
 */
function riskFlagReads(orderId: string, rules: RiskRules): SQL {
  return sql`(select json_agg(c order by c.currency_code) from (
          select l.currency_code, sum(l.gbp_minor - l.sterling_back_minor) as gbp_minor, sum(l.foreign_minor) as foreign_minor, o.way,
            (select json_agg(json_build_object('valueMinor', n.denomination_minor, 'count', n.count) order by n.denomination_minor desc)
              from order_notes n where n.order_id = o.id and n.currency_code = l.currency_code) as notes
          from order_lines l join orders o on o.id = l.order_id
          where l.order_id = ${orderId}
          group by l.currency_code, o.id, o.way) c) as risk_currencies,
      (select json_agg(gbp_minor order by position) from order_lines where order_id = ${orderId}) as risk_lines,
      (select count(*)::int from linked where ${frequentOrder(rules)}) as risk_frequent,
      ${riskOthersRead()} as risk_others`;
}

/**
 * Whether a row of `linked` counts toward the frequent-orders rule (`risk_frequent` counts them): every
 * linked order in the rule's window, whatever its status, the order itself included.
 */
function frequentOrder(rules: RiskRules): SQL {
  return sql`(linked.is_me or linked.created_at > linked.me_created_at - ${daysWindow(rules.frequentDays)})`;
}

// Past the window of the linked totals, another name on the same contact details is not looked for.
const otherOrderInWindow = sql`not linked.is_me and linked.created_at > linked.me_created_at - ${TWELVE_MONTHS}`;

/**
 * The subquery giving `risk_others` from `linked`: of the 25 newest orders by each link, those giving the
 * very name of this order are left out (the rule finds them the same name, sameName), and most customers
 * give one name, so most reads bring none.
 */
function riskOthersRead(): SQL {
  const others = (link: SQL) => sql`select linked.name, linked.order_number, linked.created_at from linked
      where ${link} and ${otherOrderInWindow}
      order by linked.created_at desc limit 25`;
  return sql`(select json_agg(json_build_object('name', others.name, 'order_number', others.order_number, 'via', others.via,
            'mine', me.name))
        from ((select e.name, e.order_number, 'email' as via from (${others(sql`linked.by_email`)}) e)
          union all
          (select p.name, p.order_number, 'phone' from (${others(sql`linked.by_phone`)}) p)) others,
          (select linked.name from linked where linked.is_me) me
        where others.name <> me.name)`;
}

/**
 * The statement clauses (common table expressions) storing the flags with their audit entry, or null when
 * no rule fired; `stored` counts the entries written (0 when every flag was stored before). The entry
 * lists the flags stored by this run.
 */
function riskFlagsWrite(orderId: string, flags: RiskFlag[], placedAt: Date): { clauses: SQL; stored: SQL } | null {
  if (flags.length === 0) return null;
  const flagsJson = JSON.stringify(flags);
  const clauses = sql`risk_flags_stored as (${riskFlagsInsert(orderId, flags, placedAt)} returning rule),
      risk_flags_audited as (${auditEntryInsert(
        {
          actorId: null,
          actorEmail: null,
          action: "order.risk_flags",
          entityType: "order",
          entityId: orderId,
          before: null,
          afterSql: sql`jsonb_build_object('flags', (select jsonb_agg(f.flag order by f.i)
            from jsonb_array_elements(${flagsJson}::jsonb) with ordinality as f(flag, i)
            where f.flag->>'rule' in (select rule from risk_flags_stored)))`,
        },
        sql`where exists (select 1 from risk_flags_stored)`,
      )})`;
  return { clauses, stored: sql`(select count(*) from risk_flags_audited)` };
}

/** The insert storing an order's flags, each rule once (a flag stored before stays as it was). */
function riskFlagsInsert(orderId: string, flags: readonly RiskFlag[], placedAt: Date): SQL {
  return sql`insert into order_risk_flags (order_id, rule, detail, flagged_at)
    select ${orderId}::uuid, f.flag->>'rule', f.flag->>'detail', ${placedAt.toISOString()}::timestamptz
    from jsonb_array_elements(${JSON.stringify(flags)}::jsonb) as f(flag)
    on conflict do nothing`;
}

/** What `riskFlagReads` read, as the rules take it. */
function toRiskReads(read: RiskFlagReadsRow | undefined): RiskReads {
  return {
    currencies: (read?.risk_currencies ?? []).map((c) => ({
      currencyCode: c.currency_code,
      gbpMinor: Number(c.gbp_minor),
      foreignMinor: Number(c.foreign_minor),
      way: c.way,
      notes: c.notes ? c.notes.map((n) => ({ valueMinor: Number(n.valueMinor), count: Number(n.count) })) : null,
    })),
    linesGbpMinor: (read?.risk_lines ?? []).map(Number),
    frequentOrders: Number(read?.risk_frequent ?? 1),
    otherNames: (read?.risk_others ?? []).map((o) => ({
      name: o.name,
      orderNumber: o.order_number,
      via: o.via,
      mine: o.mine,
    })),
  };
}
