import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { THRESHOLD_HOLD_REASON_START } from "@bureau/domain/due-diligence";
import { emailKeyOfValue, phoneKeyOfValue } from "../../db/schema.ts";

/**
 * The placement's three statements (the read, the write, and the lock of a serialised retry), each one
 * constant text built here once: whatever the number of lines, notes, flags or audit entries, the variable
 * parts go in as parameters, the lists as JSON (jsonb_array_elements, jsonb_to_recordset). So each pooled
 * connection prepares each statement once by name, and PostgreSQL may keep its plan.
 *
 * Drizzle's public prepared statements (`sql.placeholder` with `.prepare(name)`) are those of its query
 * builders; raw SQL (`db.execute`) has no `.prepare`, and these statements are common table expressions
 * of inserts, updates and JSON record sets no builder writes. So they run on the driver Drizzle wraps,
 * through its documented `db.$client` (placement-runner.ts). Drizzle builds only the customer keys'
 * expressions below (the schema's own definition of them), once, through its dialect's public `sqlToQuery`.
 */

export type Statement = { name: string; text: string };

const dialect = new PgDialect();
/** The text of an expression made only of SQL text (no parameters of Drizzle's: ours are written `$n`). */
const textOf = (expression: SQL) => dialect.sqlToQuery(expression).sql;
/** The customer keys' expressions of an SQL value (the schema's own definition), for the statements' text. */
export const emailKeyOf = (value: string) => textOf(emailKeyOfValue(sql.raw(value)));
export const phoneKeyOf = (value: string) => textOf(phoneKeyOfValue(sql.raw(value)));
/** A string as an SQL literal. */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Parameters: $1 the basket's quote ids (JSON array), $2 the submission's key, $3 the branch's key, $4 the
 * e-mail, $5 the phone, $6 the first name, $7 the last name, $8 the way, $9 the order's sterling total,
 * $10 when it is placed, $11 that day in the bureau's time zone (the EUR rate is the day before's), $12 the
 * frequent-orders rule's window in days, $13 the identity key of the document shown at the counter (null
 * online: packages/domain identity-key.ts).
 *
 * One row: the quotes found (JSON: each with its currency's label and smallest note, whether an order
 * already holds it, and the branch's free notes of its currency where it tracks it), whether the
 * submission made an order already, the branch, the newest sanctions list's id, the EUR rate, and the
 * customer's linked orders as the due diligence and the risk rules see them with the order itself counted.
 *
 * `linked` is the stored orders linked to the e-mail, the phone or the identity document (over the 12 months, or the frequent
 * orders' window if wider) and the order itself as the row `is_me`. Its `me` subquery is kept apart
 * (OFFSET 0): pulled up into the join, the keys' expressions were worked out again for every linked order
 * (the phone key is four regular expressions). `linked` is read once for the totals, the frequent orders'
 * count and whether any other name is on the contact details (OFFSET 0 keeps those conditions from being
 * copied into each aggregate); only then is the other names' read made (most customers give one name).
 */
export const READ: Statement = {
  name: "placement_read",
  text: `with linked as not materialized (
      select o.id, o.way, o.total_gbp_minor, o.status, o.created_at, o.order_number,
        o.first_name || ' ' || o.last_name as name, false as is_me,
        o.email_key = me.email_key as by_email, o.phone_key = me.phone_key as by_phone,
        me.created_at as me_created_at
      from (select ${emailKeyOf("$4::text")} as email_key, ${phoneKeyOf("$5::text")} as phone_key,
          $13::text as id_key, $10::timestamptz as created_at,
          least($10::timestamptz - interval '12 months', $10::timestamptz - make_interval(days => $12::integer)) as since
        offset 0) me
        join orders o on (o.email_key = me.email_key and o.created_at > me.since)
          or (o.phone_key = me.phone_key and o.created_at > me.since)
          or (o.id_key = me.id_key and o.created_at > me.since)
      union all
      select null::uuid, $8::text, $9::bigint, 'pending'::text, $10::timestamptz, null::char(8),
        $6::text || ' ' || $7::text, true, true, true, $10::timestamptz)
    select
      (select coalesce(json_agg(json_build_object('id', q.id, 'currency_code', q.currency_code, 'way', q.way,
          'rate', q.rate::text, 'market_rate', q.market_rate::text, 'gbp_minor', q.gbp_minor,
          'foreign_minor', q.foreign_minor, 'sterling_back_minor', q.sterling_back_minor,
          'smallest_note_minor', c.smallest_note_minor, 'expires_at', q.expires_at, 'label', c.label,
          'used', exists (select 1 from order_lines l where l.quote_id = q.id), 'buyback_order_id', q.buyback_order_id,
          'free_notes', (select case when sc.tracked then coalesce(
              (select jsonb_agg(jsonb_build_array(sn.denomination_minor, sn.count - sn.reserved))
                from stock_notes sn where sn.branch_key = sc.branch_key and sn.currency_code = sc.currency_code),
              '[]'::jsonb) end
            from stock_currencies sc where sc.branch_key = $3::text and sc.currency_code = q.currency_code))), '[]')
        from quotes q join currencies c on c.code = q.currency_code
        where q.id = any(array(select jsonb_array_elements_text($1::jsonb)::uuid))) as quotes,
      exists (select 1 from orders o where o.idempotency_key = $2::text) as same_submission,
      b.key as branch_key, b.name as branch_name, b.address_lines, b.postcode, b.phone as branch_phone,
      (select l.id from sanctions_lists l order by l.imported_at desc, l.id limit 1) as sanctions_list_id,
      (select json_build_object('rate', p.rate, 'day', p.day) from (
          (select rate::text as rate, day::text as day, 1 as pick from rate_daily
            where currency_code = 'EUR' and day < $11::text::date
            order by rate_daily.day desc limit 1)
          union all
          (select rate::text, $11::text, 2 from currencies where code = 'EUR')
          order by pick limit 1) as p) as eur_rate,
      totals.year_order, totals.year_sell, totals.month_order, totals.month_sell,
      totals.risk_frequent,
      case when totals.other_names > 0 then (
        select json_agg(json_build_object('name', others.name, 'order_number', others.order_number,
            'via', others.via, 'mine', me.name))
        from ((select e.name, e.order_number, 'email' as via from (
              select linked.name, linked.order_number from linked
              where linked.by_email and not linked.is_me
                and linked.created_at > linked.me_created_at - interval '12 months'
              order by linked.created_at desc limit 25) e)
            union all
            (select p.name, p.order_number, 'phone' from (
              select linked.name, linked.order_number from linked
              where linked.by_phone and not linked.is_me
                and linked.created_at > linked.me_created_at - interval '12 months'
              order by linked.created_at desc limit 25) p)) others,
          (select linked.name from linked where linked.is_me) me
        where others.name <> me.name) end as risk_others,
      (select max(o.email_seq) from orders o
        where o.email_key = ${emailKeyOf("$4::text")} and o.email_seq is not null) as email_seq,
      (select max(o.phone_seq) from orders o
        where o.phone_key = ${phoneKeyOf("$5::text")} and o.phone_seq is not null) as phone_seq,
      exists (select 1 from customer_due_diligence d
          where d.email_key = ${emailKeyOf("$4::text")} and d.checked_at > $10::timestamptz - interval '12 months')
        or exists (select 1 from customer_due_diligence d
          where d.phone_key = ${phoneKeyOf("$5::text")} and d.checked_at > $10::timestamptz - interval '12 months')
        as cdd_covered
    from (select
        coalesce(sum(l.total_gbp_minor) filter (where l.counted and l.way = 'Order'), 0) as year_order,
        coalesce(sum(l.total_gbp_minor) filter (where l.counted and l.way = 'Sell'), 0) as year_sell,
        coalesce(sum(l.total_gbp_minor) filter (where l.counted and l.way = 'Order' and l.in_month), 0) as month_order,
        coalesce(sum(l.total_gbp_minor) filter (where l.counted and l.way = 'Sell' and l.in_month), 0) as month_sell,
        (count(*) filter (where l.frequent))::int as risk_frequent,
        (count(*) filter (where l.other_name))::int as other_names
      from (select linked.way, linked.total_gbp_minor,
          linked.is_me or (linked.status not in ('cancelled', 'expired')
            and linked.created_at > linked.me_created_at - interval '12 months') as counted,
          linked.created_at > linked.me_created_at - interval '30 days' as in_month,
          linked.is_me or linked.created_at > linked.me_created_at - make_interval(days => $12::integer) as frequent,
          (linked.by_email or linked.by_phone) and not linked.is_me
            and linked.created_at > linked.me_created_at - interval '12 months'
            and linked.name <> $6::text || ' ' || $7::text as other_name
        from linked offset 0) l) totals
    left join branches b on b.key = $3::text`,
};

/** The columns of `READ`'s row, as both drivers give them (numbers may come as strings). */
export type ReadRow = {
  quotes: {
    id: string;
    currency_code: string;
    way: "Order" | "Sell";
    rate: string;
    market_rate: string;
    gbp_minor: number | string;
    foreign_minor: number | string;
    sterling_back_minor: number | string;
    smallest_note_minor: number | string | null;
    expires_at: string;
    label: string;
    used: boolean;
    free_notes: [number | string, number | string][] | null;
    buyback_order_id: string | null;
  }[];
  same_submission: boolean;
  branch_key: string | null;
  branch_name: string | null;
  address_lines: string[] | null;
  postcode: string | null;
  branch_phone: string | null;
  sanctions_list_id: string | null;
  eur_rate: { rate: string; day: string } | null;
  year_order: number | string;
  year_sell: number | string;
  month_order: number | string;
  month_sell: number | string;
  risk_frequent: number | string;
  risk_others: { name: string; order_number: string; via: "email" | "phone"; mine: string }[] | null;
  email_seq: number | string | null;
  phone_seq: number | string | null;
  cdd_covered: boolean;
};

/**
 * The common table expressions that write an order's lines from the write's `lines` (each copying its
 * quote's rate snapshot and sterling, in quote-id order) and reserve the notes of its `reserve` at
 * `w."branchKey"` (the rows locked first in currency and largest-note order: the update alone locks them
 * in whatever order its plan meets them, and concurrent placements deadlocked), for the order the SQL
 * expression `order` names. Shared by the placement's write and an amendment's (amend-statements.ts).
 */
export function linesAndReservedNotes(order: string): string {
  return `new_lines as (
      insert into order_lines (order_id, position, quote_id, currency_code, rate, market_rate, gbp_minor,
        foreign_minor, sterling_back_minor)
      select ${order}, v.position, q.id, q.currency_code, q.rate, q.market_rate, q.gbp_minor,
        v."foreignMinor", v."sterlingBackMinor"
      from jsonb_to_recordset($1::jsonb->'lines')
        as v(position smallint, "quoteId" uuid, "foreignMinor" bigint, "sterlingBackMinor" bigint)
      join quotes q on q.id = v."quoteId"
      order by q.id),
    reserve as materialized (
      select v.currency, v."valueMinor", v.count
      from jsonb_to_recordset($1::jsonb->'reserve') as v(currency varchar, "valueMinor" bigint, count integer)),
    locked_notes as (
      select s.currency_code, s.denomination_minor
      from stock_notes s
      join reserve v on s.currency_code = v.currency and s.denomination_minor = v."valueMinor"
      where s.branch_key = (select "branchKey" from w)
      order by s.currency_code, s.denomination_minor desc
      for update of s),
    reserved_notes as (
      update stock_notes s set reserved = s.reserved + v.count
      from reserve v
      join locked_notes l on l.currency_code = v.currency and l.denomination_minor = v."valueMinor"
      where s.branch_key = (select "branchKey" from w) and s.currency_code = v.currency
        and s.denomination_minor = v."valueMinor"
      returning 1),
    order_notes_rows as (
      insert into order_notes (order_id, currency_code, denomination_minor, count)
      select ${order}, v.currency, v."valueMinor", v.count from reserve v)`;
}

/**
 * The common table expressions of the threshold's series hold (docs/features/linked-series-and-customer-due-diligence.md):
 * when the write's `seriesHoldReason` is set, the customer's other open orders linked by e-mail, phone or
 * identity key over the 12 months before the write's moment (`at`, a key of the write's JSON) are held with
 * that reason and audited with the system as actor (a standing hold gains the reason on a line of its own
 * and keeps its start; a cleared one starts again; one already held for the threshold is left as it is).
 * `exceptTheOrder`: the order written is already stored (an amendment) and is not one of the others.
 */
export function seriesHold(at: "createdAt" | "amendedAt", exceptTheOrder: boolean): string {
  const notTheOrder = exceptTheOrder ? "and o.id <> ($1::jsonb->>'orderId')::uuid" : "";
  return `series_held as (
      select o.id, o.hold_reason as standing_reason, o.hold_reason is not null and o.hold_cleared_at is null as standing
      from orders o
      where $1::jsonb->>'seriesHoldReason' is not null ${notTheOrder}
        and (o.email_key = ${emailKeyOf("$1::jsonb->>'email'")} or o.phone_key = ${phoneKeyOf("$1::jsonb->>'phone'")}
          or o.id_key = $1::jsonb->>'idKey')
        and o.created_at > ($1::jsonb->>'${at}')::timestamptz - interval '12 months'
        and o.status in ('pending', 'accepted')
        and not (o.hold_reason is not null and o.hold_cleared_at is null
          and strpos(E'\\n' || o.hold_reason, E'\\n' || ${literal(THRESHOLD_HOLD_REASON_START)}) > 0)
      order by o.id
      for update of o),
    series_changed as (
      update orders o set
        hold_reason = case when s.standing then s.standing_reason || E'\\n' || w."seriesHoldReason"
          else w."seriesHoldReason" end,
        held_at = case when s.standing then o.held_at else w."${at}" end,
        hold_cleared_at = null, hold_cleared_by = null, hold_clear_reason = null, hold_cleared_due_diligence_id = null
      from series_held s, w
      where o.id = s.id
      returning o.id, s.standing, s.standing_reason, o.hold_reason),
    series_audited as (
      insert into audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after, request_id)
      select null, null, 'order.hold', 'order', c.id::text,
        case when c.standing then jsonb_build_object('onHold', true, 'reason', c.standing_reason)
          else '{"onHold":false}'::jsonb end,
        jsonb_build_object('onHold', true, 'reason', c.hold_reason), null
      from series_changed c
      returning id)`;
}

/**
 * Parameters: $1 what the placement writes (PlacementWrite, packages/domain placement/decide-placement.ts,
 * as JSON), $2 the order number (drawn again when another order has it).
 *
 * The order, its lines (each copying its quote's rate snapshot and sterling, in quote-id order), the notes
 * it reserves (the rows locked first in currency and largest-note order: the update alone locks them in
 * whatever order its plan meets them, and concurrent placements deadlocked; notes another order took
 * meanwhile break the stock_notes_free check, and the whole statement fails), the screening, the risk
 * flags (each rule once), the audit entries in the order given, the "order received" e-mail, and when the
 * order crosses the threshold (docs/features/linked-series-and-customer-due-diligence.md) the hold of the customer's other open orders linked by e-mail
 * or phone over the 12 months: each held with the crossing's reason and audited with the system as actor
 * (a standing hold gains the reason on a line of its own and keeps its start; a cleared one starts again;
 * one already held for the threshold is left as it is). Without a crossing, that part is a one-time
 * filter on the parameter and reads nothing. The new order itself is not in the statement's snapshot.
 * A sale under a buy-back guarantee (docs/features/buyback-guarantee.md) adds what it sells back at the
 * original rate to the guarantee's remainders (a concurrent sale of the same remainder breaks the
 * buyback_remainders_within check, and the whole statement fails) and records each use.
 */
export const WRITE: Statement = {
  name: "placement_write",
  text: `with w as materialized (
      select * from jsonb_to_record($1::jsonb) as w("orderId" uuid, way text, "firstName" text, "lastName" text,
        email text, phone text, "branchKey" text, "totalGbpMinor" bigint, "idempotencyKey" text,
        "createdAt" timestamptz, "holdReason" text, "heldAt" timestamptz, "enhancedDueDiligence" boolean,
        "emailSeq" integer, "phoneSeq" integer, "seriesHoldReason" text, channel text, "idKey" text,
        "buybackFeeMinor" bigint, "buybackDays" smallint, "buybackOfOrderId" uuid)),
    new_order as (
      insert into orders (id, order_number, way, status, first_name, last_name, email, phone, branch_key,
        total_gbp_minor, idempotency_key, created_at, hold_reason, held_at, enhanced_due_diligence, email_seq,
        phone_seq, channel, id_key, buyback_fee_minor, buyback_days, buyback_of_order_id)
      select w."orderId", $2::text, w.way, 'pending', w."firstName", w."lastName", w.email, w.phone, w."branchKey",
        w."totalGbpMinor", w."idempotencyKey", w."createdAt", w."holdReason", w."heldAt", w."enhancedDueDiligence",
        w."emailSeq", w."phoneSeq", w.channel, w."idKey", coalesce(w."buybackFeeMinor", 0), w."buybackDays",
        w."buybackOfOrderId"
      from w
      returning id),
    ${linesAndReservedNotes("(select id from new_order)")},
    sanctions_screened as (
      insert into sanctions_screenings (order_id, list_id, screened_name, score, result, matched_entry_id,
        matched_name, occasion, screened_at)
      select (select id from new_order), s."listId", s."screenedName", s.score, s.result, s."matchedEntryId",
        s."matchedName", 'placement', (select "createdAt" from w)
      from jsonb_to_record(nullif($1::jsonb->'screening', 'null'::jsonb)) as s("listId" uuid, "screenedName" text, score numeric,
        result text, "matchedEntryId" text, "matchedName" text)
      where s."listId" is not null),
    risk_flags_stored as (
      insert into order_risk_flags (order_id, rule, detail, flagged_at)
      select (select "orderId" from w), f.flag->>'rule', f.flag->>'detail', (select "createdAt" from w)
      from jsonb_array_elements($1::jsonb->'riskFlags') as f(flag)
      on conflict do nothing),
    placement_audited as (
      insert into audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after, request_id)
      select null, null, e.entry->>'action', 'order', (select "orderId" from w)::text,
        nullif(e.entry->'before', 'null'::jsonb), nullif(e.entry->'after', 'null'::jsonb), null
      from jsonb_array_elements($1::jsonb->'audit') with ordinality as e(entry, position)
      order by e.position
      returning id),
    ${seriesHold("createdAt", false)},
    buyback_used as (
      update buyback_remainders r set used_minor = r.used_minor + u."foreignMinor"
      from jsonb_to_recordset(coalesce($1::jsonb->'buybackUses', '[]'::jsonb))
        as u("guaranteedOrderId" uuid, currency varchar, "foreignMinor" bigint, "gbpMinor" bigint)
      where r.order_id = u."guaranteedOrderId" and r.currency_code = u.currency
      returning u."guaranteedOrderId", u.currency, u."foreignMinor", u."gbpMinor"),
    buyback_recorded as (
      insert into buyback_uses (sell_order_id, guaranteed_order_id, currency_code, foreign_minor, gbp_minor)
      select (select id from new_order), b."guaranteedOrderId", b.currency, b."foreignMinor", b."gbpMinor"
      from buyback_used b),
    queued as (
      insert into outbox (kind, dedupe_key, payload)
      select $1::jsonb->'mail'->>'kind', $1::jsonb->'mail'->>'dedupeKey', $1::jsonb->'mail'->'payload'
      where jsonb_typeof($1::jsonb->'mail') = 'object'
      on conflict (dedupe_key) do nothing
      returning id)
    select 1 from new_order`,
};

/**
 * Parameters: $1 the e-mail, $2 the phone, $3 the identity key (or null). Takes the transaction-level locks
 * of a customer's placements, by e-mail key, phone key and identity key (in one order, so that two customers sharing one of them cannot
 * deadlock): a placement that lost a race for its place in the sequence waits here for the others.
 */
export const LOCK_CUSTOMER: Statement = {
  name: "placement_lock_customer",
  text: `select pg_advisory_xact_lock(k.lock) from (
      select hashtext('placement:email:' || ${emailKeyOf("$1::text")}) as lock
      union select hashtext('placement:phone:' || ${phoneKeyOf("$2::text")})
      union select hashtext('placement:id:' || $3::text)) k
    where k.lock is not null order by k.lock`,
};
