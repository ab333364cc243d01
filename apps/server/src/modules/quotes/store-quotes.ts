import { sql } from "drizzle-orm";
import type { Way } from "@bureau/domain/constants";
import type { Db } from "../../db/client.ts";
import { queryRowsPrepared } from "../../lib/postgres.ts";

/** A priced quote to store, with the currency's rate and margins it was priced from when they must still hold. */
export type QuoteToStore = {
  id: string;
  currencyCode: string;
  way: Way;
  rate: string;
  marketRate: string;
  margin: string;
  gbpMinor: number;
  foreignMinor: number;
  sterlingBackMinor: number;
  createdAt: Date;
  expiresAt: Date;
  /**
   * The margins the quote was priced with from a cached copy of the rates: stored only if the currency is
   * active with exactly this market rate and these margins (null: priced from the database just now).
   */
  pricedFrom: { sellMargin: string; buyMargin: string } | null;
  /** A sale priced at a buy-back guarantee's rate: the guaranteed order (docs/features/buyback-guarantee.md). */
  buybackOrderId?: string | null;
};

/** The most quotes one statement stores. */
const MOST_PER_STATEMENT = 200;

type Waiting = { quote: QuoteToStore; resolve: (stored: boolean) => void; reject: (error: unknown) => void };
type Writer = { waiting: Waiting[]; writing: boolean };
const writers = new WeakMap<Db, Writer>();

/**
 * Stores a quote; false when its currency is not stored, or when `pricedFrom` no longer holds (the caller
 * prices it again from the database). A quote is its basket line's own HTTP request, one round trip to the
 * database each: in the placement benchmark, the third of a placement's statements and of the product's
 * waits on them. So the quotes asked for while one statement of them is on its way go together in the
 * next: one statement, one commit, for as many quotes as came meanwhile (none wait when nothing else
 * is being stored). A statement that fails fails each of its quotes; the next is sent all the same.
 */
export function storeQuote(db: Db, quote: QuoteToStore): Promise<boolean> {
  let writer = writers.get(db);
  if (!writer) {
    writer = { waiting: [], writing: false };
    writers.set(db, writer);
  }
  const current = writer;
  return new Promise<boolean>((resolve, reject) => {
    current.waiting.push({ quote, resolve, reject });
    if (!current.writing) writeWaiting(db, current);
  });
}

function writeWaiting(db: Db, writer: Writer): void {
  const batch = writer.waiting.splice(0, MOST_PER_STATEMENT);
  writer.writing = true;
  // One parameter (the quotes as JSON) whatever their number, so that the statement is prepared once.
  const rows = JSON.stringify(
    batch.map(({ quote }) => ({
      id: quote.id,
      currency_code: quote.currencyCode,
      way: quote.way,
      rate: quote.rate,
      market_rate: quote.marketRate,
      margin: quote.margin,
      gbp_minor: quote.gbpMinor,
      foreign_minor: quote.foreignMinor,
      sterling_back_minor: quote.sterlingBackMinor,
      created_at: quote.createdAt.toISOString(),
      expires_at: quote.expiresAt.toISOString(),
      sell_margin: quote.pricedFrom?.sellMargin ?? null,
      buy_margin: quote.pricedFrom?.buyMargin ?? null,
      buyback_order_id: quote.buybackOrderId ?? null,
    })),
  );
  queryRowsPrepared<{ id: string }>(
    db,
    sql`insert into quotes (id, currency_code, way, rate, market_rate, margin, gbp_minor, foreign_minor,
          sterling_back_minor, created_at, expires_at, buyback_order_id)
        select q.id, c.code, q.way, q.rate, q.market_rate, q.margin, q.gbp_minor, q.foreign_minor,
          q.sterling_back_minor, q.created_at, q.expires_at, q.buyback_order_id
        from jsonb_to_recordset(${rows}::jsonb) as q(id uuid, currency_code text, way text, rate numeric,
          market_rate numeric, margin numeric, gbp_minor bigint, foreign_minor bigint, sterling_back_minor bigint,
          created_at timestamptz,
          expires_at timestamptz, sell_margin numeric, buy_margin numeric, buyback_order_id uuid)
        join currencies c on c.code = q.currency_code
          and (q.sell_margin is null or (c.active and c.rate = q.market_rate and c.sell_margin = q.sell_margin
            and c.buy_margin = q.buy_margin))
        returning id`,
  )
    .then(
      (stored) => {
        const ids = new Set(stored.map((row) => row.id));
        for (const waiting of batch) waiting.resolve(ids.has(waiting.quote.id));
      },
      (error: unknown) => {
        for (const waiting of batch) waiting.reject(error);
      },
    )
    .finally(() => {
      writer.writing = false;
      if (writer.waiting.length > 0) writeWaiting(db, writer);
    });
}
