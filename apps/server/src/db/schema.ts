import { type SQL, sql } from "drizzle-orm";
import { ORDER_CHANNELS } from "@bureau/domain/counter-trade";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * One PostgreSQL schema for both the embedded PGlite database and a PostgreSQL server.
 * Money is stored in integer minor units (bigint), rates and margins as exact numerics:
 * never binary floating point.
 */

/**
 * The customer identity keys (docs/features/due-diligence-tiers.md), one definition for every table
 * that holds a customer's e-mail or phone: the e-mail trimmed and in lower case, the phone as its digits
 * in international form without "+". Empty (as after anonymisation) is null: linked to no one.
 */
const emailKeyText = (of: string) => `nullif(lower(btrim(${of})), '')`;
const phoneKeyText = (of: string) =>
  `nullif(regexp_replace(regexp_replace(regexp_replace(regexp_replace(${of}, '[^0-9]', '', 'g'), '^00', ''), '^0', '44'), '^440', '44'), '')`;
const emailKeyOf = (column: string) => sql.raw(emailKeyText(column));
const phoneKeyOf = (column: string) => sql.raw(phoneKeyText(column));

/** The same keys of a value not yet stored (a placement reads the customer's orders before writing its own). */
export const emailKeyOfValue = (value: SQL) => keyOfValue(emailKeyText, value);
export const phoneKeyOfValue = (value: SQL) => keyOfValue(phoneKeyText, value);
function keyOfValue(keyText: (of: string) => string, value: SQL): SQL {
  const [before, after] = keyText("\u0000").split("\u0000");
  return sql`${sql.raw(before ?? "")}(${value})${sql.raw(after ?? "")}`;
}

/** Closed orders' end: completion, cancellation or expiry, whichever came last (retention runs from it). */
export const orderClosedAt = sql.raw("greatest(completed_at, cancelled_at, expired_at, created_at)");

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const currencies = pgTable(
  "currencies",
  {
    code: varchar("code", { length: 3 }).primaryKey(),
    label: text("label").notNull(),
    /** Market rate: units of this currency per 1 GBP. */
    rate: numeric("rate", { precision: 20, scale: 8 }).notNull(),
    /** Margin in percent applied when the customer buys this currency (Click & Collect). */
    sellMargin: numeric("sell_margin", { precision: 6, scale: 2 }).notNull(),
    /** Margin in percent applied when the customer sells this currency (Click & Sell). */
    buyMargin: numeric("buy_margin", { precision: 6, scale: 2 }).notNull(),
    displayOrder: integer("display_order").notNull(),
    active: boolean("active").notNull().default(true),
    source: text("source").notNull(),
    ratesAsOf: timestamp("rates_as_of", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The smallest note a branch hands over and buys (minor units); null: the domain table's default. */
    smallestNoteMinor: bigint("smallest_note_minor", { mode: "number" }),
    /** The counter's own margins in percent (walk-in trades, issue 33 item 3); null: the online margin. */
    counterSellMargin: numeric("counter_sell_margin", { precision: 6, scale: 2 }),
    counterBuyMargin: numeric("counter_buy_margin", { precision: 6, scale: 2 }),
  },
  (t) => [
    index("currencies_display_order_idx").on(t.displayOrder),
    check("currencies_smallest_note_positive", sql`${t.smallestNoteMinor} > 0`),
  ],
);

export const rateHistory = pgTable(
  "rate_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    currencyCode: varchar("currency_code", { length: 3 })
      .notNull()
      .references(() => currencies.code),
    rate: numeric("rate", { precision: 20, scale: 8 }).notNull(),
    /**
     * The margins our customer rates were made with at this moment; null for imported reference rates
     * (rates:import), which tell the market rate of a day but not what we charged.
     */
    sellMargin: numeric("sell_margin", { precision: 6, scale: 2 }),
    buyMargin: numeric("buy_margin", { precision: 6, scale: 2 }),
    source: text("source").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rate_history_currency_idx").on(t.currencyCode, t.recordedAt),
    // An imported reference rate is stored once, however often the file is imported.
    uniqueIndex("rate_history_reference_key").on(t.currencyCode, t.recordedAt).where(sql`${t.source} = 'ecb'`),
  ],
);

/**
 * One row per currency and London day, kept by a trigger on rate_history (migration "rate_daily"), so
 * that a five-year chart reads under two thousand rows instead of every reading of the live refresh.
 * `rate` is the day's last market reading of any source; `ownRate` with the margins is the day's last
 * reading of our own (one that carries our margins), null on days we only have a reference rate for.
 */
export const rateDaily = pgTable(
  "rate_daily",
  {
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    rate: numeric("rate", { precision: 20, scale: 8 }).notNull(),
    rateAt: timestamp("rate_at", { withTimezone: true }).notNull(),
    ownRate: numeric("own_rate", { precision: 20, scale: 8 }),
    sellMargin: numeric("sell_margin", { precision: 6, scale: 2 }),
    buyMargin: numeric("buy_margin", { precision: 6, scale: 2 }),
    ownAt: timestamp("own_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.currencyCode, t.day] }),
    // The last day with our own rates before a chart's range starts (carried into the range).
    index("rate_daily_own_idx").on(t.currencyCode, t.day).where(sql`${t.ownRate} IS NOT NULL`),
  ],
);

export type OpeningHours = { day: string; opens: string; closes: string }[];

export const branches = pgTable("branches", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  addressLines: jsonb("address_lines").$type<string[]>().notNull(),
  postcode: text("postcode").notNull(),
  phone: text("phone").notNull(),
  email: text("email").notNull(),
  mapQuery: text("map_query").notNull(),
  hours: jsonb("hours").$type<OpeningHours>().notNull(),
  displayOrder: smallint("display_order").notNull(),
});

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt),
    // The audit viewer (modules/audit): newest first within an action or a staff member, the walk
    // along the actions for its "What" list, and day ranges.
    index("audit_log_action_idx").on(t.action, t.id),
    index("audit_log_actor_idx").on(sql`lower(${t.actorEmail})`, t.id),
    index("audit_log_created_idx").on(t.createdAt),
  ],
);

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    currencyCode: varchar("currency_code", { length: 3 })
      .notNull()
      .references(() => currencies.code),
    way: text("way", { enum: ["Order", "Sell"] }).notNull(),
    /** The customer rate (4 decimals) the amounts were computed with. */
    rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
    marketRate: numeric("market_rate", { precision: 20, scale: 8 }).notNull(),
    margin: numeric("margin", { precision: 6, scale: 2 }).notNull(),
    gbpMinor: bigint("gbp_minor", { mode: "number" }).notNull(),
    /** Click & Collect: the currency handed over, in notes (Click & Sell: the currency brought). */
    foreignMinor: bigint("foreign_minor", { mode: "number" }).notNull(),
    /** Click & Collect: the sterling paid that the notes do not cover, given back (0 for Click & Sell). */
    sterlingBackMinor: bigint("sterling_back_minor", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** A Click & Sell priced at a buy-back guarantee's rate: the guaranteed order (docs/features/buyback-guarantee.md). */
    buybackOrderId: uuid("buyback_order_id").references((): AnyPgColumn => orders.id),
  },
  (t) => [
    index("quotes_expires_idx").on(t.expiresAt),
    check(
      "quotes_sterling_back_in_range",
      sql`${t.sterlingBackMinor} >= 0 and ${t.sterlingBackMinor} <= ${t.gbpMinor}`,
    ),
  ],
);

export const orderStatuses = ["pending", "accepted", "completed", "cancelled", "expired"] as const;
export const orderChannels = ORDER_CHANNELS;

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: char("order_number", { length: 8 }).notNull(),
    way: text("way", { enum: ["Order", "Sell"] }).notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    branchKey: text("branch_key")
      .notNull()
      .references(() => branches.key),
    totalGbpMinor: bigint("total_gbp_minor", { mode: "number" }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    userId: text("user_id"),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedBy: text("completed_by"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    /** When the expiry job closed the order, not collected in time (packages/domain order-lifecycle). */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /**
     * The customer identity orders are linked by (docs/features/due-diligence-tiers.md), kept by
     * the database for every row however it is written: the e-mail trimmed and in lower case (dots and
     * "+tags" kept: they are different mailboxes at most providers), and the phone as its digits in
     * international form without "+" (07700 900123, +44 7700 900123, 0044 (0)7700 900123 → 447700900123).
     */
    emailKey: text("email_key").generatedAlwaysAs(emailKeyOf("email")),
    phoneKey: text("phone_key").generatedAlwaysAs(phoneKeyOf("phone")),
    /**
     * The order's place among the placements made with its e-mail key (and phone key): one more than the
     * highest the placement read. Unique per key, so two placements by one customer that read the same
     * orders cannot both be written: the second is refused and placed again, reading the first, and a
     * placement assessed before its write sees every linked order (modules/placement).
     * Null on orders placed before these columns, and on orders not written by a placement.
     */
    emailSeq: integer("email_seq"),
    phoneSeq: integer("phone_seq"),
    /** Flagged "Enhanced due diligence" at placement: completing it needs the address and date of birth. */
    enhancedDueDiligence: boolean("enhanced_due_diligence").notNull().default(false),
    /** Why the order is on hold (null: never held); Accept and Complete are refused until the hold is cleared. */
    holdReason: text("hold_reason"),
    heldAt: timestamp("held_at", { withTimezone: true }),
    holdClearedAt: timestamp("hold_cleared_at", { withTimezone: true }),
    holdClearedBy: text("hold_cleared_by"),
    holdClearReason: text("hold_clear_reason"),
    /** The customer due diligence the hold was cleared with (docs/features/linked-series-and-customer-due-diligence.md; customer_due_diligence.id). */
    holdClearedDueDiligenceId: uuid("hold_cleared_due_diligence_id").references(
      (): AnyPgColumn => customerDueDiligence.id,
    ),
    /** Recorded at handover when enhanced due diligence applies. */
    customerAddress: text("customer_address"),
    customerDateOfBirth: date("customer_date_of_birth", { mode: "string" }),
    /** When the retention job overwrote the customer's personal data (docs/features/retention-and-data-rights.md); the financial record stays. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    /**
     * When and by whom History's Delete archived a completed order (docs/features/completed-orders-are-final.md): it leaves History's
     * list and nothing else changes. Not a status: statistics and reports never see it.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    archivedBy: text("archived_by"),
    /** Where the order was made: online, or a walk-in trade at the counter (issue 33 item 3). */
    channel: text("channel", { enum: orderChannels }).notNull().default("online"),
    /**
     * The identity document the customer showed, as packages/domain identity-key.ts normalises it (type,
     * last 4 characters, name): a counter trade's from its placement, an online order's from its
     * handover. Orders sharing it are linked like orders sharing an e-mail or a phone.
     */
    idKey: text("id_key"),
    /** When a manager approved the reversal of this completed order (order_reversals); null: not reversed. */
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    /** The buy-back guarantee's fee (pence), paid at collection beside the order's sterling (docs/features/buyback-guarantee.md). */
    buybackFeeMinor: bigint("buyback_fee_minor", { mode: "number" }).notNull().default(0),
    /** The guarantee's days from collection, as sold; null: no guarantee. */
    buybackDays: smallint("buyback_days"),
    /** A sale under a buy-back guarantee: the guaranteed Click & Collect order. */
    buybackOfOrderId: uuid("buyback_of_order_id").references((): AnyPgColumn => orders.id),
  },
  (t) => [
    uniqueIndex("orders_order_number_key").on(t.orderNumber),
    uniqueIndex("orders_idempotency_key").on(t.idempotencyKey),
    // Keyset pagination of the working lists: newest first within a status.
    index("orders_status_created_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    // The order export of every status walks all orders newest first in keyset batches (docs/features/order-export-and-day-report.md).
    index("orders_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_email_idx").on(sql`lower(${t.email})`),
    // A customer's linked orders over a window (modules/compliance/linked-totals.ts).
    index("orders_email_key_created_idx").on(t.emailKey, t.createdAt),
    index("orders_phone_key_created_idx").on(t.phoneKey, t.createdAt),
    // Not partial: reached through a join clause, which does not prove "id_key IS NOT NULL" to PostgreSQL.
    index("orders_id_key_created_idx").on(t.idKey, t.createdAt),
    check("orders_channel_check", sql`${t.channel} in ('online', 'counter')`),
    check(
      "orders_buyback_check",
      sql`${t.buybackFeeMinor} >= 0
  AND (${t.buybackDays} IS NULL OR (${t.way} = 'Order' AND ${t.buybackDays} > 0))
  AND (${t.buybackDays} IS NOT NULL OR ${t.buybackFeeMinor} = 0)
  AND (${t.buybackOfOrderId} IS NULL OR ${t.way} = 'Sell')`,
    ),
    index("orders_buyback_of_idx").on(t.buybackOfOrderId).where(sql`${t.buybackOfOrderId} IS NOT NULL`),
    index("orders_user_created_idx").on(t.userId, t.createdAt).where(sql`${t.userId} IS NOT NULL`),
    // A branch's orders completed on a day (the day's report, its till and stock figures): a range of one
    // branch's completions instead of a walk through every order ever placed. Not partial: the status is a
    // bound parameter in those statements, which does not prove a partial index's condition to PostgreSQL.
    index("orders_branch_status_completed_idx").on(t.branchKey, t.status, t.completedAt),
    // One placement per place in a customer's sequence of placements (emailSeq above).
    uniqueIndex("orders_email_seq_key").on(t.emailKey, t.emailSeq).where(sql`${t.emailSeq} IS NOT NULL`),
    uniqueIndex("orders_phone_seq_key").on(t.phoneKey, t.phoneSeq).where(sql`${t.phoneSeq} IS NOT NULL`),
    // The orders on hold (compliance screen, Statics).
    index("orders_on_hold_idx").on(t.createdAt).where(sql`${t.holdReason} IS NOT NULL AND ${t.holdClearedAt} IS NULL`),
    // The closed orders whose personal data is still kept, by when they closed (the retention job).
    index("orders_retention_idx")
      .on(orderClosedAt)
      .where(sql`${t.anonymisedAt} IS NULL AND ${t.status} in ('completed', 'cancelled', 'expired')`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    position: smallint("position").notNull(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id),
    currencyCode: varchar("currency_code", { length: 3 })
      .notNull()
      .references(() => currencies.code),
    rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
    marketRate: numeric("market_rate", { precision: 20, scale: 8 }).notNull(),
    gbpMinor: bigint("gbp_minor", { mode: "number" }).notNull(),
    /** Click & Collect: the currency handed over, in notes (at a branch tracking stock: its notes). */
    foreignMinor: bigint("foreign_minor", { mode: "number" }).notNull(),
    /** Click & Collect: the sterling paid less the notes' value at the line's rate (rounded up), given back. */
    sterlingBackMinor: bigint("sterling_back_minor", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    // A quote is spent by exactly one order line: the database refuses a reused quote.
    uniqueIndex("order_lines_quote_key").on(t.quoteId),
    index("order_lines_order_idx").on(t.orderId, t.position),
    check(
      "order_lines_sterling_back_in_range",
      sql`${t.sterlingBackMinor} >= 0 and ${t.sterlingBackMinor} <= ${t.gbpMinor}`,
    ),
  ],
);

export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    /** One message per business event, even if the event is retried. */
    dedupeKey: text("dedupe_key").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the retention job replaced the payload (recipient and content) of a message no longer waiting. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("outbox_dedupe_key").on(t.dedupeKey),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_retention_idx").on(t.createdAt).where(sql`${t.anonymisedAt} IS NULL AND ${t.status} <> 'pending'`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    createdAt: createdAt(),
    /** The sender's identity keys, as on orders: a subject access export finds their messages by them. */
    emailKey: text("email_key").generatedAlwaysAs(emailKeyOf("email")),
    phoneKey: text("phone_key").generatedAlwaysAs(phoneKeyOf("phone")),
    /** When the retention job overwrote the message and its sender (docs/features/retention-and-data-rights.md). */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [
    index("contact_messages_email_key_idx").on(t.emailKey),
    index("contact_messages_phone_key_idx").on(t.phoneKey),
    index("contact_messages_retention_idx").on(t.createdAt).where(sql`${t.anonymisedAt} IS NULL`),
  ],
);

/**
 * Counters of the sign-in, sign-up and Secure Box attempt limits (routes/auth/attempt-limits.ts), kept
 * here rather than in process memory so that every server instance on this database shares them
 * (docs/decisions/009). `key` names the limit and what it counts, e.g. "sign-in:account:x@y.z".
 */
export const attemptCounters = pgTable(
  "attempt_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("attempt_counters_window_ends_at_idx").on(t.windowEndsAt)],
);

/**
 * Rate alerts: "e-mail me once when 1 GBP buys at least `target` of this currency" at our Click & Collect
 * rate. Double opt-in: `pending` until the e-mail's link confirms it (`active`), or `active` at once when a
 * signed-in customer asks for their own verified address; `paused` by its owner until switched back on;
 * `triggered` once its e-mail is queued (it then ends); `unsubscribed` when stopped. The timestamps say when each step was
 * taken, so old alerts can be cleared by age without losing what happened.
 */
export const rateAlerts = pgTable(
  "rate_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    currencyCode: varchar("currency_code", { length: 3 })
      .notNull()
      .references(() => currencies.code),
    /** Units of the currency that £1 should buy at least (exact decimal, at most 4 places). */
    target: numeric("target", { precision: 20, scale: 8 }).notNull(),
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "active", "paused", "triggered", "unsubscribed"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    triggeredAt: timestamp("triggered_at", { withTimezone: true }),
    /** Our Click & Collect rate when the alert fired (what its e-mail says). */
    triggeredRate: numeric("triggered_rate", { precision: 20, scale: 8 }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** When its owner paused it (null while it is not paused). */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
  },
  (t) => [
    // What a rate change reads: the active alerts of one currency whose target the new rate reaches.
    index("rate_alerts_active_idx").on(t.currencyCode, t.target).where(sql`${t.status} = 'active'`),
    // The per-address cap counts the alerts still waiting.
    index("rate_alerts_waiting_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} in ('pending', 'active', 'paused')`),
    // A subject access export finds every alert of an address, ended ones too.
    index("rate_alerts_email_idx").on(sql`lower(${t.email})`),
  ],
);

/**
 * Stock by denomination (issue 17). A branch tracks a currency when it has a row here with `tracked`;
 * where it has none, ordering that currency there works without stock (a new installation tracks nothing).
 */
export const stockCurrencies = pgTable(
  "stock_currencies",
  {
    branchKey: text("branch_key")
      .notNull()
      .references(() => branches.key),
    currencyCode: varchar("currency_code", { length: 3 })
      .notNull()
      .references(() => currencies.code),
    tracked: boolean("tracked").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.branchKey, t.currencyCode] })],
);

/**
 * The notes of one denomination a branch holds, and how many of them open Click & Collect orders have
 * reserved (free = count - reserved). The check is what refuses a reservation of notes that are not
 * free, so two orders racing for the last notes cannot both have them.
 */
export const stockNotes = pgTable(
  "stock_notes",
  {
    branchKey: text("branch_key").notNull(),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    denominationMinor: bigint("denomination_minor", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
    reserved: integer("reserved").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.branchKey, t.currencyCode, t.denominationMinor] }),
    foreignKey({
      columns: [t.branchKey, t.currencyCode],
      foreignColumns: [stockCurrencies.branchKey, stockCurrencies.currencyCode],
    }),
    check("stock_notes_free", sql`${t.reserved} >= 0 and ${t.count} >= ${t.reserved}`),
  ],
);

/**
 * The notes of an order by denomination: for Click & Collect, the notes reserved at placement (taken
 * out of stock on completion, released on cancel or expiry); for Click & Sell, the notes received.
 */
export const orderNotes = pgTable(
  "order_notes",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    denominationMinor: bigint("denomination_minor", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.currencyCode, t.denominationMinor] })],
);

/**
 * What staff recorded at the counter when they completed an order (issue 17 item 4, rules in
 * packages/domain/src/handover.ts): the ID checked (type, the last 4 characters of its number, expiry),
 * for Click & Collect that the payment card matched the name, for Click & Sell what was received per
 * currency (by denomination, with the sterling paid for it at the order's locked rate) and the reason
 * for any difference. One row per order, written in the transaction that completes it; the order's
 * ordered amounts stay as placed, `gbp_minor` is the sterling actually settled.
 */
export const orderHandovers = pgTable(
  "order_handovers",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    /** The identity document checked; null on a counter trade below COUNTER_ID_FROM_GBP (name only). */
    idType: text("id_type", { enum: ["passport", "driving_licence", "national_id"] }),
    idNumberLast4: varchar("id_number_last4", { length: 4 }),
    idExpiresOn: date("id_expires_on", { mode: "string" }),
    /** Click & Collect: always true once recorded (the panel refuses without it); null for Click & Sell. */
    cardMatchesName: boolean("card_matches_name"),
    /** Click & Sell: per currency, ordered and received amounts, the notes, and the sterling of each. */
    received:
      jsonb("received").$type<
        {
          currency: string;
          orderedMinor: number;
          receivedMinor: number;
          notes: { valueMinor: number; count: number }[];
          gbpOrderedMinor: number;
          gbpPaidMinor: number;
        }[]
      >(),
    differenceReason: text("difference_reason"),
    gbpMinor: bigint("gbp_minor", { mode: "number" }).notNull(),
    /** The payment taken (Click & Collect) or made (Click & Sell) in sterling; null for orders completed before the till. */
    paymentMethod: text("payment_method", { enum: ["cash", "card"] }),
    paymentGbpMinor: bigint("payment_gbp_minor", { mode: "number" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    recordedBy: text("recorded_by").notNull(),
  },
  (t) => [
    check(
      "order_handovers_payment_check",
      sql`(${t.paymentMethod} IS NULL OR ${t.paymentMethod} in ('cash', 'card')) AND (${t.paymentMethod} IS NULL) = (${t.paymentGbpMinor} IS NULL)`,
    ),
    check(
      "order_handovers_id_whole_check",
      sql`(${t.idType} IS NULL) = (${t.idNumberLast4} IS NULL) AND (${t.idType} IS NULL) = (${t.idExpiresOn} IS NULL)`,
    ),
    check("order_handovers_id_type_check", sql`${t.idType} in ('passport', 'driving_licence', 'national_id')`),
    check("order_handovers_gbp_check", sql`${t.gbpMinor} >= 0`),
  ],
);

/**
 * Sanctions screening (issue 15 item 4). One row per import of the UK Sanctions List; the newest import
 * is the list screenings use. `version` is the list's own report date where the file has it.
 */
export const sanctionsLists = pgTable(
  "sanctions_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    version: text("version").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
    importedBy: text("imported_by").notNull(),
    /** Designations (distinct Unique IDs) and names (primary names, variations and aliases). */
    entryCount: integer("entry_count").notNull(),
    nameCount: integer("name_count").notNull(),
  },
  (t) => [index("sanctions_lists_imported_idx").on(t.importedAt)],
);

/** One name of one designation in one imported list (a designation has a row per name and alias). */
export const sanctionsNames = pgTable(
  "sanctions_names",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    listId: uuid("list_id")
      .notNull()
      .references(() => sanctionsLists.id, { onDelete: "cascade" }),
    /** The list's "Unique ID" of the designation (e.g. RUS0001). */
    entryId: text("entry_id").notNull(),
    name: text("name").notNull(),
    /** "Primary Name", "Primary Name Variation" or "Alias". */
    nameType: text("name_type").notNull(),
    designationType: text("designation_type").notNull(),
    regime: text("regime").notNull(),
  },
  (t) => [index("sanctions_names_list_idx").on(t.listId, t.entryId)],
);

/** Every screening of an order's customer name: at placement, and again after each import. */
export const sanctionsScreenings = pgTable(
  "sanctions_screenings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    listId: uuid("list_id")
      .notNull()
      .references(() => sanctionsLists.id),
    /** The name as screened (first and last name). */
    screenedName: text("screened_name").notNull(),
    score: numeric("score", { precision: 4, scale: 3 }).notNull(),
    result: text("result", { enum: ["match", "clear"] }).notNull(),
    /** The designation ("Unique ID") and name that scored best, where any was a candidate. */
    matchedEntryId: text("matched_entry_id"),
    matchedName: text("matched_name"),
    occasion: text("occasion", { enum: ["placement", "import"] }).notNull(),
    screenedAt: timestamp("screened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sanctions_screenings_order_list_key").on(t.orderId, t.listId),
    index("sanctions_screenings_match_idx").on(t.screenedAt).where(sql`${t.result} = 'match'`),
  ],
);

/**
 * Risk flags of an order (issue 15 item 3; packages/domain risk-flags.ts): one row per rule that fired at
 * placement, with what it saw. A flag asks staff to look; it holds nothing by itself.
 */
export const orderRiskFlags = pgTable(
  "order_risk_flags",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    rule: text("rule", { enum: ["high_value_notes", "near_tier", "frequent_orders", "names_differ"] }).notNull(),
    detail: text("detail").notNull(),
    flaggedAt: timestamp("flagged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.rule] }), index("order_risk_flags_flagged_idx").on(t.flaggedAt)],
);

/**
 * Internal suspicion reports (issue 15 item 3): raised by any staff member on an order, read only by the
 * admins named as MLRO (MLRO_EMAILS). Raising one puts the order on hold; an MLRO clearing that hold closes
 * the order's open reports with the clearing's reason. Open (closed_at null) reports keep the order's data
 * from the retention job.
 */
export const suspicionReports = pgTable(
  "suspicion_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    text: text("text").notNull(),
    raisedById: text("raised_by_id"),
    raisedBy: text("raised_by").notNull(),
    raisedAt: timestamp("raised_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: text("closed_by"),
    closeReason: text("close_reason"),
  },
  (t) => [
    index("suspicion_reports_order_idx").on(t.orderId),
    index("suspicion_reports_raised_idx").on(t.raisedAt.desc(), t.id.desc()),
  ],
);

/**
 * Customer due diligence (docs/features/linked-series-and-customer-due-diligence.md): what the MLRO verified to clear a hold. Kept against the identity
 * keys of the held order's customer (as `orders.email_key` / `phone_key` were then), so that it covers the
 * customer's linked orders for 12 months from `checked_at`: their placements are not held again for the
 * threshold (modules/placement).
 */
export const customerDueDiligence = pgTable(
  "customer_due_diligence",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order whose hold the check cleared. */
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    emailKey: text("email_key"),
    phoneKey: text("phone_key"),
    idType: text("id_type", { enum: ["passport", "driving_licence", "national_id"] }).notNull(),
    idNumberLast4: varchar("id_number_last4", { length: 4 }).notNull(),
    idExpiresOn: date("id_expires_on", { mode: "string" }).notNull(),
    sourceOfFunds: text("source_of_funds", {
      enum: ["salary", "savings", "business", "gift", "sale_of_property", "other"],
    }).notNull(),
    /** Required for "other". */
    note: text("note"),
    checkedById: text("checked_by_id"),
    checkedBy: text("checked_by").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("customer_due_diligence_id_type_check", sql`${t.idType} in ('passport', 'driving_licence', 'national_id')`),
    check(
      "customer_due_diligence_source_of_funds_check",
      sql`${t.sourceOfFunds} in ('salary', 'savings', 'business', 'gift', 'sale_of_property', 'other')`,
    ),
    check("customer_due_diligence_other_note_check", sql`${t.sourceOfFunds} <> 'other' OR ${t.note} IS NOT NULL`),
    index("customer_due_diligence_order_idx").on(t.orderId),
    // A placement asks whether its customer's keys have a check in the last 12 months.
    index("customer_due_diligence_email_key_checked_idx").on(t.emailKey, t.checkedAt),
    index("customer_due_diligence_phone_key_checked_idx").on(t.phoneKey, t.checkedAt),
  ],
);

/** One close as weighed: per currency expected, counted, variance, and the variance's value in pence. */
export type TillCloseVariance = {
  currency: string;
  expectedMinor: number;
  countedMinor: number;
  varianceMinor: number;
  varianceGbpMinor: number;
}[];

/**
 * A cashier's till at a branch (issue 33 item 2). At most one per cashier and branch is not closed:
 * "open" takes movements; "awaiting_signoff" was counted with a variance above TILL_VARIANCE_SIGNOFF_GBP
 * and waits for a manager; "closed" is done.
 */
export const tills = pgTable(
  "tills",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    branchKey: text("branch_key")
      .notNull()
      .references(() => branches.key),
    cashierId: text("cashier_id").notNull(),
    cashierEmail: text("cashier_email").notNull(),
    status: text("status", { enum: ["open", "awaiting_signoff", "closed"] })
      .notNull()
      .default("open"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closeVariance: jsonb("close_variance").$type<TillCloseVariance>(),
    varianceGbpMinor: bigint("variance_gbp_minor", { mode: "number" }),
    signedOffById: text("signed_off_by_id"),
    signedOffBy: text("signed_off_by"),
    signedOffAt: timestamp("signed_off_at", { withTimezone: true }),
    signOffReason: text("sign_off_reason"),
  },
  (t) => [
    check("tills_status_check", sql`${t.status} in ('open', 'awaiting_signoff', 'closed')`),
    check("tills_sign_off_check", sql`(${t.signedOffAt} IS NULL) = (${t.signOffReason} IS NULL)`),
    uniqueIndex("tills_one_open_per_cashier").on(t.cashierId, t.branchKey).where(sql`${t.status} <> 'closed'`),
    index("tills_branch_status_idx").on(t.branchKey, t.status, t.openedAt),
  ],
);

/** A till's counts by denomination: the float at opening ("open") and the drawer at closing ("close"). */
export const tillCounts = pgTable(
  "till_counts",
  {
    tillId: uuid("till_id")
      .notNull()
      .references(() => tills.id),
    stage: text("stage", { enum: ["open", "close"] }).notNull(),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    denominationMinor: bigint("denomination_minor", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tillId, t.stage, t.currencyCode, t.denominationMinor], name: "till_counts_pkey" }),
    check("till_counts_stage_check", sql`${t.stage} in ('open', 'close')`),
    check("till_counts_count_check", sql`${t.count} >= 0`),
  ],
);

/** What moved a till, signed (into the drawer positive); a card payment is recorded but moves no cash. */
export const tillMovements = pgTable(
  "till_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tillId: uuid("till_id")
      .notNull()
      .references(() => tills.id),
    kind: text("kind", { enum: ["order", "trade", "reversal", "float"] }).notNull(),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    method: text("method", { enum: ["cash", "card"] }).notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("till_movements_kind_check", sql`${t.kind} in ('order', 'trade', 'reversal', 'float')`),
    check("till_movements_method_check", sql`${t.method} in ('cash', 'card')`),
    index("till_movements_till_idx").on(t.tillId, t.recordedAt),
    index("till_movements_order_idx").on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
  ],
);

/**
 * A reversal of a completed order or walk-in trade (issue 33 item 4): requested with a reason by one staff
 * member, approved or refused by a manager who is not the requester. Approval writes the compensating
 * stock and till movements and sets `orders.reversed_at`. At most one live (requested or approved)
 * reversal per order.
 */
export const orderReversals = pgTable(
  "order_reversals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["requested", "approved", "refused"] })
      .notNull()
      .default("requested"),
    requestedById: text("requested_by_id").notNull(),
    requestedBy: text("requested_by").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    decidedById: text("decided_by_id"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note"),
  },
  (t) => [
    check("order_reversals_status_check", sql`${t.status} in ('requested', 'approved', 'refused')`),
    check("order_reversals_decided_check", sql`(${t.status} = 'requested') = (${t.decidedAt} IS NULL)`),
    check(
      "order_reversals_second_person_check",
      sql`${t.decidedById} IS NULL OR ${t.decidedById} <> ${t.requestedById}`,
    ),
    uniqueIndex("order_reversals_one_live_per_order").on(t.orderId).where(sql`${t.status} <> 'refused'`),
    index("order_reversals_status_requested_idx").on(t.status, t.requestedAt),
  ],
);

/**
 * A Pending order amended by its customer before acceptance (issue 34 item 8, docs/features/amend-order.md):
 * the lines, branch and total the amendment replaced and those it set (`order_lines` holds the current
 * ones only), and the confirmation's key, unique per order (a confirmation sent twice amends once).
 */
export const orderAmendments = pgTable(
  "order_amendments",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    idempotencyKey: text("idempotency_key").notNull(),
    amendedAt: timestamp("amended_at", { withTimezone: true }).notNull(),
    before: jsonb("before").notNull(),
    after: jsonb("after").notNull(),
  },
  (t) => [uniqueIndex("order_amendments_order_key").on(t.orderId, t.idempotencyKey)],
);

/**
 * What is left of a buy-back guarantee, per currency, from the guaranteed order's collection on (kept by
 * the orders_buyback trigger, migration 0032; used by a guaranteed sale's placement).
 */
export const buybackRemainders = pgTable(
  "buyback_remainders",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    currencyCode: varchar("currency_code", { length: 3 })
      .notNull()
      .references(() => currencies.code),
    /** The rate the notes were bought at (the highest of the order's lines of the currency). */
    rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
    boughtMinor: bigint("bought_minor", { mode: "number" }).notNull(),
    usedMinor: bigint("used_minor", { mode: "number" }).notNull().default(0),
    until: timestamp("until", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "buyback_remainders_pkey", columns: [t.orderId, t.currencyCode] }),
    check("buyback_remainders_within", sql`${t.usedMinor} >= 0 AND ${t.usedMinor} <= ${t.boughtMinor}`),
  ],
);

/** A guaranteed sale's use of a remainder: what it sold back at the original rate, and for how much. */
export const buybackUses = pgTable(
  "buyback_uses",
  {
    sellOrderId: uuid("sell_order_id")
      .notNull()
      .references(() => orders.id),
    guaranteedOrderId: uuid("guaranteed_order_id")
      .notNull()
      .references(() => orders.id),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    foreignMinor: bigint("foreign_minor", { mode: "number" }).notNull(),
    gbpMinor: bigint("gbp_minor", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "buyback_uses_pkey", columns: [t.sellOrderId, t.currencyCode] }),
    check("buyback_uses_positive", sql`${t.foreignMinor} > 0 AND ${t.gbpMinor} >= 0`),
    index("buyback_uses_guaranteed_idx").on(t.guaranteedOrderId),
  ],
);
