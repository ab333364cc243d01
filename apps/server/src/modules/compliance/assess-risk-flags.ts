import { sql } from "drizzle-orm";
import type { DueDiligenceTiers } from "@bureau/domain/due-diligence";
import {
  frequentOrdersFlag,
  highValueNotesFlag,
  namesDifferFlag,
  nearTierFlag,
  type RiskFlag,
  type RiskRules,
} from "@bureau/domain/risk-flags";
import type { Db } from "../../db/client.ts";
import { linkedOrderIds } from "../../lib/linked-orders.ts";
import { queryRows } from "../../lib/postgres.ts";
import { auditEntryInsert } from "../audit/write-audit.ts";
import { previousDayEurRate } from "./previous-day-eur-rate.ts";

type CurrencyRow = {
  currency_code: string;
  gbp_minor: string | number;
  foreign_minor: string | number;
  way: "Order" | "Sell";
  notes: { valueMinor: number | string; count: number }[] | null;
};

/** Past the window of the linked totals, another name on the same contact details is not looked for. */
const NAMES_WINDOW = sql`interval '12 months'`;

/**
 * Computes a newly placed order's risk flags (packages/domain risk-flags.ts) and stores each rule that
 * fired with what it saw, audited with the system as actor. Run at placement after the order is written
 * (its reserved notes and its linked orders are then in the database). Reads in one round trip (four
 * queries at once), and writes only when a rule fires; running it again stores nothing twice.
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
  /** The previous day's EUR rate when the caller has read it already (placement's read). */
  eurRate?: { eurPerGbp: string; day: string } | null;
}): Promise<RiskFlag[]> {
  const frequentWindow = sql`${rules.frequentDays} * interval '1 day'`;
  const [currencies, lines, counted, others, rate] = await Promise.all([
    queryRows<CurrencyRow>(
      db,
      sql`select l.currency_code, sum(l.gbp_minor) as gbp_minor, sum(l.foreign_minor) as foreign_minor, o.way,
            (select json_agg(json_build_object('valueMinor', n.denomination_minor, 'count', n.count) order by n.denomination_minor desc)
              from order_notes n where n.order_id = o.id and n.currency_code = l.currency_code) as notes
          from order_lines l join orders o on o.id = l.order_id
          where l.order_id = ${orderId}
          group by l.currency_code, o.id, o.way
          order by l.currency_code`,
    ),
    queryRows<{ gbp_minor: string | number }>(
      db,
      sql`select gbp_minor from order_lines where order_id = ${orderId} order by position`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${linkedOrderIds(orderId, frequentWindow)}) linked`,
    ),
    queryRows<{ name: string; order_number: string; via: "email" | "phone"; mine: string }>(
      db,
      sql`select * from (
          (select o.first_name || ' ' || o.last_name as name, o.order_number, 'email' as via,
              me.first_name || ' ' || me.last_name as mine
            from orders me join orders o on o.email_key = me.email_key
            where me.id = ${orderId} and o.id <> me.id and o.created_at > me.created_at - ${NAMES_WINDOW}
            order by o.created_at desc limit 25)
          union all
          (select o.first_name || ' ' || o.last_name, o.order_number, 'phone', me.first_name || ' ' || me.last_name
            from orders me join orders o on o.phone_key = me.phone_key
            where me.id = ${orderId} and o.id <> me.id and o.created_at > me.created_at - ${NAMES_WINDOW}
            order by o.created_at desc limit 25)) others`,
    ),
    eurRate === undefined ? previousDayEurRate(db, placedAt) : eurRate,
  ]);
  const linesGbpMinor = lines.map((line) => Number(line.gbp_minor));
  const mine = others[0]?.mine;
  const flags = [
    highValueNotesFlag(
      currencies.map((c) => ({
        currency: c.currency_code,
        gbpMinor: Number(c.gbp_minor),
        foreignMinor: Number(c.foreign_minor),
        // Where the branch tracks the currency, the notes reserved are the notes the customer will take.
        notes:
          c.way === "Order" && c.notes
            ? c.notes.map((n) => ({ valueMinor: Number(n.valueMinor), count: n.count }))
            : null,
      })),
      rules,
    ),
    nearTierFlag(
      { linesGbpMinor, orderGbpMinor: linesGbpMinor.reduce((a, b) => a + b, 0) },
      tiers,
      rate?.eurPerGbp ?? null,
      rules,
    ),
    frequentOrdersFlag(counted[0]?.n ?? 1, rules),
    mine
      ? namesDifferFlag(
          mine,
          others.map((o) => ({ name: o.name, orderNumber: o.order_number, via: o.via })),
        )
      : null,
  ].filter((flag): flag is RiskFlag => flag !== null);
  if (flags.length === 0) return flags;
  // The flags and their audit entry in one statement (a placement waited for four round trips here,
  // holding a pooled connection idle in transaction): the entry lists the flags stored by this run.
  const flagsJson = JSON.stringify(flags);
  await db.execute(
    sql`with stored as (
        insert into order_risk_flags (order_id, rule, detail, flagged_at)
        select ${orderId}::uuid, f.flag->>'rule', f.flag->>'detail', ${placedAt.toISOString()}::timestamptz
        from jsonb_array_elements(${flagsJson}::jsonb) as f(flag)
        on conflict do nothing
        returning rule),
      audited as (${auditEntryInsert(
        {
          actorId: null,
          actorEmail: null,
          action: "order.risk_flags",
          entityType: "order",
          entityId: orderId,
          before: null,
          afterSql: sql`jsonb_build_object('flags', (select jsonb_agg(f.flag order by f.i)
            from jsonb_array_elements(${flagsJson}::jsonb) with ordinality as f(flag, i)
            where f.flag->>'rule' in (select rule from stored)))`,
        },
        sql`where exists (select 1 from stored)`,
      )})
      select count(*) from audited`,
  );
  return flags;
}
