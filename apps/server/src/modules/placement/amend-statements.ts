import { linesAndReservedNotes, seriesHold, type Statement } from "./placement-statements.ts";

/**
 * An amendment's statements (docs/features/amend-order.md), run in one transaction after the placement's
 * own READ: the order locked, its reserved notes released, and the amendment written. Constant texts,
 * every variable part a parameter, as the placement's (docs/decisions/033-placement-home.md).
 */

/**
 * Parameters: $1 the order's id. The order's row locked for the transaction: an acceptance, a cancel or
 * another amendment of it waits, and one that came first is seen by `AMEND_READ_ORDER`, a statement of its
 * own so that its snapshot is taken after the lock (a statement that waited for a row lock sees other
 * tables as they were when it began).
 */
export const AMEND_LOCK_ORDER: Statement = {
  name: "amend_lock_order",
  text: "select o.id from orders o where o.id = $1::uuid for update of o",
};

/**
 * Parameters: $1 the order's id, $2 when the amendment is made, $3 the frequent-orders rule's window in
 * days, $4 the confirmation's key.
 *
 * The locked order, its lines, where its stored row falls in the linked totals READ gives (the same
 * conditions as READ's), and whether this confirmation amended it already.
 */
export const AMEND_READ_ORDER: Statement = {
  name: "amend_read_order",
  text: `select o.id, o.status, o.channel, o.way, o.branch_key, o.total_gbp_minor, o.first_name, o.last_name,
      o.email, o.phone, o.id_key, o.buyback_of_order_id is not null as guaranteed_sale, o.hold_reason,
      o.hold_cleared_at::text as hold_cleared_at,
      o.status not in ('cancelled', 'expired') and o.created_at > $2::timestamptz - interval '12 months' as counted_year,
      o.created_at > $2::timestamptz - interval '30 days' as counted_month,
      o.created_at > $2::timestamptz - make_interval(days => $3::integer) as counted_frequent,
      (select coalesce(json_agg(json_build_object('position', l.position, 'quoteId', l.quote_id,
          'currencyCode', l.currency_code, 'rate', l.rate::text, 'gbpMinor', l.gbp_minor,
          'foreignMinor', l.foreign_minor, 'sterlingBackMinor', l.sterling_back_minor) order by l.position), '[]')
        from order_lines l where l.order_id = o.id) as lines,
      exists (select 1 from order_amendments a where a.order_id = o.id and a.idempotency_key = $4::text) as already
    from orders o where o.id = $1::uuid`,
};

/** The columns of `AMEND_READ_ORDER`'s row, as both drivers give them. */
export type LockedOrderRow = {
  id: string;
  status: string;
  channel: "online" | "counter";
  guaranteed_sale: boolean;
  way: "Order" | "Sell";
  branch_key: string;
  total_gbp_minor: number | string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  id_key: string | null;
  hold_reason: string | null;
  hold_cleared_at: string | null;
  counted_year: boolean;
  counted_month: boolean;
  counted_frequent: boolean;
  lines: {
    position: number;
    quoteId: string;
    currencyCode: string;
    rate: string;
    gbpMinor: number | string;
    foreignMinor: number | string;
    sterlingBackMinor: number | string;
  }[];
  already: boolean;
};

/**
 * Parameters: $1 the order's id. Gives back the notes the order reserved at its branch (the rows locked
 * in currency and largest-note order, as the placement's write locks them) and forgets them as the
 * order's, so that the read that follows sees them free and the amendment reserves afresh. Undone with
 * the transaction when the amendment is refused.
 */
export const AMEND_RELEASE_NOTES: Statement = {
  name: "amend_release_notes",
  text: `with own as materialized (
      select n.currency_code, n.denomination_minor, n.count, o.branch_key
      from order_notes n join orders o on o.id = n.order_id
      where n.order_id = $1::uuid),
    locked as (
      select s.currency_code, s.denomination_minor from stock_notes s
      join own on s.branch_key = own.branch_key and s.currency_code = own.currency_code
        and s.denomination_minor = own.denomination_minor
      order by s.currency_code, s.denomination_minor desc
      for update of s),
    released as (
      update stock_notes s set reserved = s.reserved - own.count
      from own join locked l on l.currency_code = own.currency_code and l.denomination_minor = own.denomination_minor
      where s.branch_key = own.branch_key and s.currency_code = own.currency_code
        and s.denomination_minor = own.denomination_minor
      returning 1),
    forgotten as (delete from order_notes n where n.order_id = $1::uuid returning 1)
    select (select count(*) from released)::int as released, (select count(*) from forgotten)::int as forgotten`,
};

/**
 * Parameters: $1 what the amendment writes (AmendmentWrite, packages/domain placement/amend-order.ts, as
 * JSON), $2 the customer's e-mail address as the audit's actor.
 *
 * The amendment's record (its key unique per order: a twin confirmation fails here), the order's new
 * branch, total, due diligence flag and hold, its lines replaced (the record keeps the old ones), the notes
 * it reserves at its branch (locked as the placement's write locks them; notes taken meanwhile break
 * stock_notes_free), the risk flags now raised, the audit entries with the customer as actor, the hold
 * of the customer's other open orders when the amended order crosses the threshold (as the placement's
 * write holds them, this order aside), and the "order amended" e-mail.
 */
export const AMEND_WRITE: Statement = {
  name: "amend_write",
  text: `with w as materialized (
      select * from jsonb_to_record($1::jsonb) as w("amendmentId" uuid, "orderId" uuid, "idempotencyKey" text,
        "amendedAt" timestamptz, email text, phone text, "idKey" text, "branchKey" text, "totalGbpMinor" bigint,
        "enhancedDueDiligence" boolean, "seriesHoldReason" text)),
    recorded as (
      insert into order_amendments (id, order_id, idempotency_key, amended_at, before, after)
      select w."amendmentId", w."orderId", w."idempotencyKey", w."amendedAt", $1::jsonb->'before', $1::jsonb->'after'
      from w
      returning id),
    order_changed as (
      update orders o set branch_key = w."branchKey", total_gbp_minor = w."totalGbpMinor",
        enhanced_due_diligence = w."enhancedDueDiligence",
        hold_reason = coalesce($1::jsonb->'hold'->>'reason', o.hold_reason),
        held_at = case when ($1::jsonb->'hold'->>'restart')::boolean then w."amendedAt" else o.held_at end,
        hold_cleared_at = case when jsonb_typeof($1::jsonb->'hold') = 'object' then null else o.hold_cleared_at end,
        hold_cleared_by = case when jsonb_typeof($1::jsonb->'hold') = 'object' then null else o.hold_cleared_by end,
        hold_clear_reason = case when jsonb_typeof($1::jsonb->'hold') = 'object' then null else o.hold_clear_reason end,
        hold_cleared_due_diligence_id = case when jsonb_typeof($1::jsonb->'hold') = 'object' then null
          else o.hold_cleared_due_diligence_id end
      from w where o.id = w."orderId" and o.status = 'pending'
      returning o.id),
    old_lines as (delete from order_lines l using w where l.order_id = w."orderId" returning l.id),
    ${linesAndReservedNotes("(select id from order_changed)")},
    risk_flags_stored as (
      insert into order_risk_flags (order_id, rule, detail, flagged_at)
      select (select id from order_changed), f.flag->>'rule', f.flag->>'detail', (select "amendedAt" from w)
      from jsonb_array_elements($1::jsonb->'riskFlags') as f(flag)
      on conflict do nothing),
    amendment_audited as (
      insert into audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after, request_id)
      select null, $2::text, e.entry->>'action', 'order', (select "orderId" from w)::text,
        nullif(e.entry->'before', 'null'::jsonb), nullif(e.entry->'after', 'null'::jsonb), null
      from jsonb_array_elements($1::jsonb->'audit') with ordinality as e(entry, position)
      where exists (select 1 from order_changed)
      order by e.position
      returning id),
    ${seriesHold("amendedAt", true)},
    queued as (
      insert into outbox (kind, dedupe_key, payload)
      select $1::jsonb->'mail'->>'kind', $1::jsonb->'mail'->>'dedupeKey', $1::jsonb->'mail'->'payload'
      where exists (select 1 from order_changed)
      on conflict (dedupe_key) do nothing
      returning id)
    select (select count(*) from order_changed)::int as amended`,
};
