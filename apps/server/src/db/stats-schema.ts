import { bigint, date, integer, pgTable, primaryKey, smallint, text, varchar } from "drizzle-orm/pg-core";

/**
 * Rollups for the staff statistics, kept up to date by triggers on orders and order_lines (see the
 * migration "statistics"), so that statistics read a few hundred rows instead of every order.
 * Each counter is striped over a few shards (chosen from the order id) so that concurrent order
 * placements do not queue on one hot row.
 */
export const orderStatusTotals = pgTable(
  "order_status_totals",
  {
    status: text("status").notNull(),
    shard: smallint("shard").notNull(),
    orders: integer("orders").notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

export const orderDailyStats = pgTable(
  "order_daily_stats",
  {
    /** Calendar day of the order's creation in the display zone (DISPLAY_TIME_ZONE; bureau_display_day). */
    day: date("day", { mode: "string" }).notNull(),
    way: text("way").notNull(),
    branchKey: text("branch_key").notNull(),
    status: text("status").notNull(),
    shard: smallint("shard").notNull(),
    orders: integer("orders").notNull(),
    gbpMinor: bigint("gbp_minor", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.way, t.branchKey, t.status, t.shard] })],
);

export const currencyDailyStats = pgTable(
  "currency_daily_stats",
  {
    day: date("day", { mode: "string" }).notNull(),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    status: text("status").notNull(),
    shard: smallint("shard").notNull(),
    lines: integer("lines").notNull(),
    gbpMinor: bigint("gbp_minor", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currencyCode, t.status, t.shard] })],
);

/** Orders per channel (online, counter) and status, with their sterling (migration 0033). */
export const orderChannelTotals = pgTable(
  "order_channel_totals",
  {
    channel: text("channel").notNull(),
    status: text("status").notNull(),
    shard: smallint("shard").notNull(),
    orders: integer("orders").notNull(),
    gbpMinor: bigint("gbp_minor", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.status, t.shard], name: "order_channel_totals_pkey" })],
);
