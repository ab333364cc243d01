import { ORDER_CHANNEL_LABELS, type OrderChannel } from "@bureau/domain/counter-trade";
import type { Readable } from "node:stream";
import { and, type SQL, sql } from "drizzle-orm";
import type { OrderFilters } from "@bureau/domain/contracts/dashboard";
import type { orderStatusValues } from "@bureau/domain/contracts/orders";
import { minorToMajorString } from "@bureau/domain/money";
import type { Db } from "../../db/client.ts";
import { branches, orderLines, orders } from "../../db/schema.ts";
import { type CsvValue, csvDecimal, csvStream } from "../../lib/csv.ts";
import { orderFilterConditions } from "./order-queries.ts";
import { queryRows } from "../../lib/postgres.ts";

/**
 * One record per order line (as shop exports do): an order of two currencies is two records that share
 * the order's columns, so a spreadsheet can sum any currency, and "Line GBP" adds up to the orders' totals.
 * "Foreign Amount" is what changes hands in notes; "Sterling Back" the part of a Click & Collect line's
 * sterling handed back because notes do not make the exact conversion.
 */
export const ORDER_CSV_HEADER = [
  "Order Number",
  "Placed",
  "Status",
  "Way",
  "Branch",
  "First Name",
  "Last Name",
  "Email",
  "Phone",
  "Order Total GBP",
  "Line",
  "Currency",
  "Foreign Amount",
  "Rate",
  "Line GBP",
  "Sterling Back",
  "Completed",
  "Channel",
  "Buy-back Guarantee Fee GBP",
  "Buy-back Of Order",
] as const;

const STATUS_TITLES: Record<(typeof orderStatusValues)[number], string> = {
  pending: "Pending",
  accepted: "Accepted",
  completed: "Completed",
  cancelled: "Cancelled",
  expired: "Expired",
};
const WAY_TITLES = { Order: "Collect", Sell: "Sell" } as const;

/** Orders read per statement: large enough that a million take a few hundred statements, small in memory. */
export const EXPORT_BATCH_ORDERS = 2_000;

type ExportRow = {
  id: string;
  created_key: string;
  order_number: string;
  placed: string;
  status: (typeof orderStatusValues)[number];
  way: "Order" | "Sell";
  channel: OrderChannel;
  buyback_fee_minor: string;
  buyback_of: string | null;
  branch_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  total_gbp_minor: string;
  completed: string | null;
  sterling_back_minor: string | null;
  position: number | null;
  currency_code: string | null;
  foreign_minor: string | null;
  rate: string | null;
  line_gbp_minor: string | null;
};

/**
 * The orders matching `filters` as a CSV stream (staff export), newest first, read in keyset batches:
 * the next batch of orders after the last one sent, with their lines, on orders_created_idx (or the
 * status index when a status is asked for). An order's place in that order never changes, so however
 * long the download and whatever happens to the orders meanwhile, each order is sent at most once.
 * Nothing holds a connection or a transaction between batches, so a slow download neither keeps a
 * pooled connection nor stops the embedded database's one connection serving others; the next batch
 * is read only when the reader has taken the last. Dates are the display time zone's, written by the
 * database ("2026-11-25 14:03:05").
 */
export function exportOrdersCsv({
  db,
  filters,
  timeZone,
  batchOrders = EXPORT_BATCH_ORDERS,
  branchScope = null,
}: {
  db: Db;
  filters: OrderFilters;
  timeZone: string;
  batchOrders?: number;
  /** The branches the viewer works at (null: all). */
  branchScope?: readonly string[] | null;
}): Readable {
  return csvStream(
    ORDER_CSV_HEADER,
    orderRecords(db, orderFilterConditions(filters, timeZone, branchScope), timeZone, batchOrders),
  );
}

async function* orderRecords(
  db: Db,
  conditions: SQL[],
  timeZone: string,
  batchOrders: number,
): AsyncGenerator<CsvValue[]> {
  let after: { createdKey: string; id: string } | null = null;
  for (;;) {
    const rows: ExportRow[] = await queryRows<ExportRow>(db, batchQuery(conditions, after, timeZone, batchOrders));
    if (rows.length === 0) return;
    for (const row of rows) yield toRecord(row);
    if (new Set(rows.map((r) => r.id)).size < batchOrders) return;
    const last = rows.at(-1)!;
    after = { createdKey: last.created_key, id: last.id };
  }
}

function batchQuery(
  conditions: SQL[],
  after: { createdKey: string; id: string } | null,
  timeZone: string,
  batchOrders: number,
): SQL {
  // created_key is created_at as the database writes it (microseconds and offset), so that the next
  // batch starts exactly after the last order sent; a JavaScript Date would round to milliseconds.
  const cursor = after
    ? [sql`(${orders.createdAt}, ${orders.id}) < (${after.createdKey}::timestamptz, ${after.id}::uuid)`]
    : [];
  const where = and(...conditions, ...cursor);
  return sql`
    with page as (
      select ${orders.id} as id, ${orders.createdAt} as created_at, ${orders.orderNumber} as order_number,
        ${orders.status} as status, ${orders.way} as way, ${orders.branchKey} as branch_key,
        ${orders.firstName} as first_name, ${orders.lastName} as last_name, ${orders.email} as email,
        ${orders.phone} as phone, ${orders.totalGbpMinor} as total_gbp_minor, ${orders.completedAt} as completed_at,
        ${orders.channel} as channel, ${orders.buybackFeeMinor} as buyback_fee_minor,
        ${orders.buybackOfOrderId} as buyback_of_order_id
      from ${orders}
      ${where ? sql`where ${where}` : sql``}
      order by ${orders.createdAt} desc nulls last, ${orders.id} desc nulls last
      limit ${batchOrders}
    )
    select p.id, p.created_at::text as created_key, p.order_number,
      to_char(p.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as placed,
      p.status, p.way, p.channel, b.name as branch_name, p.first_name, p.last_name, p.email, p.phone,
      p.total_gbp_minor::text as total_gbp_minor,
      to_char(p.completed_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as completed,
      l.position, l.currency_code, l.foreign_minor::text as foreign_minor, l.rate::text as rate,
      l.gbp_minor::text as line_gbp_minor, l.sterling_back_minor::text as sterling_back_minor,
      p.buyback_fee_minor::text as buyback_fee_minor, g.order_number as buyback_of
    from page p
    join ${branches} b on b.key = p.branch_key
    left join ${orders} g on g.id = p.buyback_of_order_id
    left join ${orderLines} l on l.order_id = p.id
    order by p.created_at desc, p.id desc, l.position`;
}

function toRecord(row: ExportRow): CsvValue[] {
  return [
    row.order_number,
    row.placed,
    STATUS_TITLES[row.status],
    WAY_TITLES[row.way],
    row.branch_name,
    row.first_name,
    row.last_name,
    row.email,
    row.phone,
    csvDecimal(minorToMajorString(Number(row.total_gbp_minor), "GBP")),
    row.position,
    row.currency_code,
    row.currency_code && row.foreign_minor !== null
      ? csvDecimal(minorToMajorString(Number(row.foreign_minor), row.currency_code))
      : null,
    row.rate !== null ? csvDecimal(row.rate) : null,
    row.line_gbp_minor !== null ? csvDecimal(minorToMajorString(Number(row.line_gbp_minor), "GBP")) : null,
    // Click & Collect: the part of "Line GBP" given back in sterling, the notes not making it all.
    row.sterling_back_minor !== null ? csvDecimal(minorToMajorString(Number(row.sterling_back_minor), "GBP")) : null,
    row.completed,
    ORDER_CHANNEL_LABELS[row.channel],
    // The buy-back guarantee (docs/features/buyback-guarantee.md): its fee on the Click & Collect order that
    // bought it (paid with the order's sterling, apart from its total), and on a sale under it the
    // guaranteed order's number.
    Number(row.buyback_fee_minor) > 0 ? csvDecimal(minorToMajorString(Number(row.buyback_fee_minor), "GBP")) : null,
    row.buyback_of,
  ];
}
