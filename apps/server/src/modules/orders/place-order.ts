import { randomInt, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Way } from "@bureau/domain/constants";
import { DEFAULT_DISPLAY_TIME_ZONE } from "@bureau/domain/dates";
import type { OrderReceipt } from "@bureau/domain/contracts/orders";
import { DEFAULT_DUE_DILIGENCE_TIERS, type DueDiligenceTiers } from "@bureau/domain/due-diligence";
import {
  DEFAULT_ORDER_LIMITS,
  type OrderLimits,
  orderLimitMessage,
  orderLimitProblem,
} from "@bureau/domain/order-limits";
import { orderNumberFromRandom } from "@bureau/domain/order-number";
import { DEFAULT_RISK_RULES, type RiskRules } from "@bureau/domain/risk-flags";
import { DEFAULT_SANCTIONS_MATCH_THRESHOLD, sanctionsHoldReason } from "@bureau/domain/sanctions-screening";
import { formatRate, quote as priceQuote } from "@bureau/domain/pricing";
import {
  collectBasketAtBranch,
  DEFAULT_MAX_STERLING_BACK_PERCENT,
  defaultSmallestNoteMinor,
  sterlingValueUp,
} from "@bureau/domain/whole-notes";
import { formatNotes } from "@bureau/domain/note-text";
import type { Db, Tx } from "../../db/client.ts";
import { emailKeyOfValue, orders, phoneKeyOfValue } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { findPostgresError, queryRows, queryRowsPrepared, violatedUniqueConstraint } from "../../lib/postgres.ts";
import {
  decidePlacement,
  isPlacementSequenceTaken,
  type PlacementAssessmentRow,
  placementAssessmentFrom,
  placementAssessmentWrite,
  placementLinked,
} from "../compliance/index.ts";
import { previousDayEurRateJson, toPreviousDayEurRate } from "../compliance/index.ts";
import { queuedMail, wakeMailer } from "../mail/index.ts";
import { currentSanctionsListId, customerName, placementScreeningClause, screenName } from "../sanctions/index.ts";
import { freeNotesOf, isNotesTaken, reserveNotesClauses, toFreeNotes } from "../stock/index.ts";
import { loadOrderReceipt, toOrderReceipt } from "./order-receipt.ts";

export type PlaceOrderInput = {
  idempotencyKey: string;
  way: Way;
  lines: { quoteId: string; rate: string; gbpMinor: number; foreignMinor: number }[];
  branch: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
};

const MAX_ATTEMPTS = 5;

/** What the one read of a placement gathers per quote (raw rows: both drivers give these types or strings). */
type StoredQuoteRow = PlacementAssessmentRow & {
  id: string;
  currency_code: string;
  way: Way;
  rate: string;
  market_rate: string;
  gbp_minor: string | number;
  foreign_minor: string | number;
  sterling_back_minor: string | number;
  /** The currency's smallest note as staff set it (null: the domain table's default). */
  smallest_note_minor: string | number | null;
  expires_at: Date | string;
  label: string;
  used: boolean;
  same_submission: string | null;
  branch_key: string | null;
  branch_name: string | null;
  address_lines: string[] | null;
  postcode: string | null;
  branch_phone: string | null;
  /** The branch's free notes of the quote's currency, null where it does not track the currency. */
  free_notes: unknown;
  /** The newest UK Sanctions List import the customer's name is screened against (null: none yet). */
  sanctions_list_id: string | null;
  /** The EUR rate the order's due-diligence assessment uses (previousDayEurRateJson). */
  eur_rate: string | null;
};

/**
 * Turns quotes into an order: every quote must exist, be unexpired, unused, of this way and priced
 * exactly as the customer saw it. The order, its lines (with their rate snapshot) and the "order
 * received" e-mail are written by one statement, so they are committed together or not at all. The
 * idempotency key makes a retried submission return the first order instead of creating a second one.
 *
 * Placement latency is mostly round trips to the database, so there are two: one read gathering
 * everything the checks need, and one write. Nothing changes a quote once stored, so the read needs no
 * lock; what can change between the two (a concurrent order spending a quote, or a concurrent twin of
 * this submission) is refused by the unique constraints on a line's quote and an order's idempotency key,
 * and answered below exactly as if it had been seen by the read. Lines are written in quote-id order,
 * so two orders sharing quotes wait for each other instead of deadlocking.
 *
 * Where the branch tracks stock of a Click & Collect order's currency (issue 17), the same read brings
 * the branch's free notes, and the same write reserves the notes the order needs (modules/stock
 * reserve-notes.ts): still two round trips. Notes another order took in between break the stock check,
 * so the write fails whole; the placement then reads once more and is refused if the notes are gone.
 * Where nothing is tracked, the read costs one empty index probe per line and the write is unchanged.
 *
 * The customer's name is screened against the newest UK Sanctions List import (issue 15 item 4): the
 * read brings the list's id, the name is scored in memory against that version's index (loaded once per
 * version, modules/sanctions/screen-name.ts), and the write stores the screening with the order: still
 * two round trips, and no order exists unscreened. A match puts the order on hold in the same write.
 *
 * The order's due-diligence tiers (decision 018) and risk flags (decision 023) are decided from the same
 * read, which brings the customer's linked orders, and stored by the same write: still two round trips
 * (modules/compliance/assess-placement.ts). The order takes the next place in its customer's sequence of
 * placements, so a concurrent placement by the same customer that the read could not see refuses the
 * write, and the placement is made again from a read that sees it.
 */
export async function placeOrder(
  given: PlaceOrderOptions & { db: Db },
): Promise<{ orderId: string; receipt: OrderReceipt; created: boolean }> {
  // One moment for every try: the order is placed when it was asked for.
  const options = { ...given, now: given.now ?? new Date() };
  const placed = await placeOrderWith(options, { db: options.db, serialised: false });
  if (placed !== sequenceTaken) return afterWrite(options.db, placed);
  // A concurrent placement by the same customer was written first. Placed again in a transaction holding
  // the customer's placement locks, so that concurrent placements by one customer (all but one of fifty
  // placed at once, in a test) take turns instead of racing again; its read, after the lock, sees them.
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const again = await options.db.transaction(async (tx) => {
      await lockCustomerPlacements(tx, options.input.customer);
      return placeOrderWith(options, { db: tx, serialised: true });
    });
    if (again !== sequenceTaken) return afterWrite(options.db, again);
  }
  const message = "Another order with these contact details is being placed at this moment. Please try again.";
  throw new AppError("conflict", message, { customer: message });
}

/** After the commit, not inside it: a NOTIFY in the write serialised concurrent placements' commits. */
function afterWrite<Placed extends { created: boolean }>(db: Db, placed: Placed): Placed {
  if (placed.created) wakeMailer(db);
  return placed;
}

/**
 * Takes the transaction-level locks of a customer's placements, by e-mail key and by phone key (in one
 * order, so that two customers sharing one of them cannot deadlock): a placement that lost a race for its
 * place in the sequence waits here for the others of the same customer.
 */
async function lockCustomerPlacements(tx: Tx, customer: { email: string; phone: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(k.lock) from (
      select hashtext('placement:email:' || ${emailKeyOfValue(sql`${customer.email}::text`)}) as lock
      union select hashtext('placement:phone:' || ${phoneKeyOfValue(sql`${customer.phone}::text`)})) k
    where k.lock is not null order by k.lock`);
}

/** The write was refused: a concurrent placement by the same customer took this one's place first. */
const sequenceTaken = Symbol("placement sequence taken");

type PlaceOrderOptions = {
  input: PlaceOrderInput;
  limits?: OrderLimits;
  /** The screening score at or above which the customer's name matches a sanctions list name. */
  sanctionsThreshold?: number;
  /** The due-diligence tiers the new order is assessed against (decision 018). */
  dueDiligence?: DueDiligenceTiers;
  /** The risk flags' rules (issue 15 item 3). */
  riskRules?: RiskRules;
  /** The bureau's time zone (DISPLAY_TIME_ZONE): the EUR rate of the day before the order's day there. */
  timeZone?: string;
  /** The most of an order a branch's stock may give back in sterling (ORDER_MAX_STERLING_BACK_PERCENT). */
  maxSterlingBackPercent?: number;
  now?: Date;
};

/**
 * Where a placement runs: on the pool, or in the transaction holding the customer's placement locks, where
 * the write goes through a savepoint (a refused write must leave the transaction usable for the retries).
 */
type Placing = { db: Db; serialised: false } | { db: Tx; serialised: true };

async function placeOrderWith(
  options: PlaceOrderOptions & {
    /** Set on the one second try after a concurrent order took the notes this one had counted on. */
    afterRace?: boolean;
  },
  placing: Placing,
): Promise<{ orderId: string; receipt: OrderReceipt; created: boolean } | typeof sequenceTaken> {
  const {
    input,
    limits = DEFAULT_ORDER_LIMITS,
    sanctionsThreshold = DEFAULT_SANCTIONS_MATCH_THRESHOLD,
    dueDiligence = DEFAULT_DUE_DILIGENCE_TIERS,
    riskRules = DEFAULT_RISK_RULES,
    timeZone = DEFAULT_DISPLAY_TIME_ZONE,
    maxSterlingBackPercent = DEFAULT_MAX_STERLING_BACK_PERCENT,
    now = new Date(),
    afterRace = false,
  } = options;
  const { db } = placing;
  const quoteIds = sql.join(
    input.lines.map((line) => sql`${line.quoteId}`),
    sql`, `,
  );
  const total = input.lines.reduce((sum, line) => sum + line.gbpMinor, 0);
  const stored = await queryRowsPrepared<StoredQuoteRow>(
    db,
    sql`with linked as not materialized (${placementLinked({ ...input.customer, way: input.way, totalGbpMinor: total, placedAt: now }, riskRules)})
        select q.id, q.currency_code, q.way, q.rate::text, q.market_rate::text, q.gbp_minor, q.foreign_minor,
          q.sterling_back_minor, c.smallest_note_minor, q.expires_at, c.label,
          exists (select 1 from order_lines l where l.quote_id = q.id) as used,
          (select o.id from orders o where o.idempotency_key = ${input.idempotencyKey}) as same_submission,
          b.key as branch_key, b.name as branch_name, b.address_lines, b.postcode, b.phone as branch_phone,
          ${freeNotesOf(input.branch, sql`q.currency_code`)} as free_notes,
          ${currentSanctionsListId} as sanctions_list_id,
          ${previousDayEurRateJson(now, timeZone)} as eur_rate,
          assessment.*
        from quotes q
        join currencies c on c.code = q.currency_code
        left join branches b on b.key = ${input.branch}
        cross join ${placementAssessmentFrom({ ...input.customer, placedAt: now }, riskRules)}
        where q.id = any(array[${quoteIds}]::uuid[])`,
  );
  const byId = new Map(
    stored.map((row) => [
      row.id,
      {
        id: row.id,
        currencyCode: row.currency_code,
        way: row.way,
        rate: row.rate,
        marketRate: row.market_rate,
        gbpMinor: Number(row.gbp_minor),
        foreignMinor: Number(row.foreign_minor),
        sterlingBackMinor: Number(row.sterling_back_minor),
        smallestNoteMinor:
          row.smallest_note_minor === null
            ? defaultSmallestNoteMinor(row.currency_code)
            : Number(row.smallest_note_minor),
        expiresAt: new Date(row.expires_at),
        label: row.label,
      },
    ]),
  );
  // A retry of this very submission gets the order that exists. Without any known quote, the submission
  // cannot have made an order, so there is nothing to look up.
  if (stored.some((row) => row.same_submission !== null)) return answerExisting(db, input);
  if (stored.some((row) => row.used)) throw quoteUsed();

  for (const line of input.lines) {
    const q = byId.get(line.quoteId);
    if (!q) {
      throw new AppError("quote_invalid", "A price in your basket is not one we gave. Please add the currency again.", {
        lines: "Unknown quote",
      });
    }
    if (q.way !== input.way) {
      throw new AppError("quote_invalid", "A line in your basket belongs to the other kind of order.", {
        lines: "Wrong way",
      });
    }
    if (q.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(
        "quote_invalid",
        `The rate for ${q.currencyCode} is no longer held (rates are held for 30 minutes). Please add it again.`,
        { lines: "Expired quote" },
      );
    }
    const storedRate = formatRate(q.rate);
    if (storedRate !== line.rate || q.gbpMinor !== line.gbpMinor || q.foreignMinor !== line.foreignMinor) {
      throw new AppError(
        "quote_invalid",
        `The price of ${q.currencyCode} in your basket does not match our quote. Please add it again.`,
        { lines: "Price does not match the quote" },
      );
    }
    // Defence in depth: the stored amounts must follow from the stored rate by the pricing rules (Click &
    // Collect: notes at or below what the sterling buys, and the rest of the sterling back).
    const repriced =
      q.way === "Order"
        ? priceQuote({ way: q.way, rate: storedRate, currency: q.currencyCode, gbpMinor: q.gbpMinor })
        : priceQuote({ way: q.way, rate: storedRate, currency: q.currencyCode, foreignMinor: q.foreignMinor });
    const consistent =
      repriced.ok &&
      repriced.gbpMinor === q.gbpMinor &&
      (q.way === "Order"
        ? q.foreignMinor > 0 &&
          q.foreignMinor <= repriced.foreignMinor &&
          q.sterlingBackMinor === q.gbpMinor - sterlingValueUp(q.foreignMinor, storedRate, q.currencyCode)
        : repriced.foreignMinor === q.foreignMinor && q.sterlingBackMinor === 0);
    if (!consistent) {
      throw new AppError("quote_invalid", "A price in your basket is not valid. Please add the currency again.", {
        lines: "Inconsistent quote",
      });
    }
  }

  // The Click & Collect limits over the whole order (each quote was checked alone, against what the
  // browser said its basket held; only here is the order known).
  let counted = 0;
  for (const line of input.lines) {
    const problem = orderLimitProblem(
      { way: input.way, lineGbpMinor: line.gbpMinor, otherLinesGbpMinor: counted },
      limits,
    );
    if (problem) {
      const message = orderLimitMessage(problem, limits);
      throw new AppError("validation_failed", message, { lines: message });
    }
    counted += line.gbpMinor;
  }

  const first = stored[0];
  if (!first?.branch_key || !first.branch_name || !first.address_lines || !first.postcode || !first.branch_phone)
    throw new AppError("validation_failed", "Select the checking point", { branch: "Select the checking point" });
  const branch = {
    key: first.branch_key,
    name: first.branch_name,
    addressLines: first.address_lines,
    postcode: first.postcode,
    phone: first.branch_phone,
  };

  // A Click & Collect order hands over notes only (packages/domain whole-notes.ts): each line the largest
  // amount of notes at or below what its sterling buys, the rest back in sterling; where the branch tracks
  // the currency, of its free notes, which the order reserves (issue 17).
  const freeById = new Map(stored.map((row) => [row.id, toFreeNotes(row.free_notes)]));
  const notes =
    input.way === "Order"
      ? collectBasketAtBranch(
          input.lines.map((line) => {
            const q = byId.get(line.quoteId)!;
            return {
              currency: q.currencyCode,
              gbpMinor: q.gbpMinor,
              exactForeignMinor: exactForeignOf(q),
              rate: formatRate(q.rate),
              smallestNoteMinor: q.smallestNoteMinor,
              free: freeById.get(q.id) ?? null,
            };
          }),
          maxSterlingBackPercent,
        )
      : null;
  if (notes?.short) throw notEnoughNotes(notes.short.currency, branch.name, notes.short.largestMinor);

  const listId = first.sanctions_list_id;
  const screening = listId
    ? await screenName({
        db,
        listId,
        name: customerName(input.customer.firstName, input.customer.lastName),
        threshold: sanctionsThreshold,
      })
    : null;

  const orderId = randomUUID();
  // Each line hands over the notes the branch gives (the quote's, unless its stock decides otherwise).
  const lines = input.lines.map((line, index) => {
    const split = notes?.lines[index];
    return {
      ...byId.get(line.quoteId)!,
      position: index + 1,
      ...(split ? { foreignMinor: split.notesMinor, sterlingBackMinor: split.sterlingBackMinor } : {}),
    };
  });
  // Lines in quote-id order (see above); each copies its quote's rate snapshot and sterling.
  const lineValues = sql.join(
    [...lines]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(
        (line) =>
          sql`(${line.position}::smallint, ${line.id}::uuid, ${line.foreignMinor}::bigint, ${line.sterlingBackMinor}::bigint)`,
      ),
    sql`, `,
  );
  // A sanctions match holds the order (issue 15 item 4) in the order's own write, so that no order whose
  // customer matched the list exists unheld, whatever happens after the commit; so do the due-diligence
  // tiers and the risk rules, decided from the read (modules/compliance/assess-placement.ts).
  const matched = screening?.result === "match" ? screening.best : null;
  const placement = decidePlacement({
    read: first,
    way: input.way,
    lines,
    reserved: notes?.reserve ?? [],
    eurRate: toPreviousDayEurRate(first.eur_rate),
    tiers: dueDiligence,
    rules: riskRules,
  });
  const assessment = placementAssessmentWrite({
    orderId,
    customer: input.customer,
    sanctionsHold: matched ? sanctionsHoldReason({ ...matched, score: screening!.score }) : null,
    dueDiligence: placement.dueDiligence,
    flags: placement.flags,
    placedAt: now,
  });
  for (let attempt = 1; ; attempt++) {
    const orderNumber = orderNumberFromRandom(() => randomInt(0, 2 ** 32));
    try {
      const write = sql`
        with new_order as (
          insert into orders (id, order_number, way, status, first_name, last_name, email, phone, branch_key,
            total_gbp_minor, idempotency_key, created_at, hold_reason, held_at, enhanced_due_diligence, email_seq,
            phone_seq)
          values (${orderId}, ${orderNumber}, ${input.way}, 'pending', ${input.customer.firstName},
            ${input.customer.lastName}, ${input.customer.email}, ${input.customer.phone}, ${input.branch}, ${total},
            ${input.idempotencyKey}, ${now.toISOString()}::timestamptz, ${assessment.holdReason}::text,
            ${assessment.holdReason === null ? null : now.toISOString()}::timestamptz, ${assessment.enhanced},
            ${placement.emailSeq}::integer, ${placement.phoneSeq}::integer)
          returning id),
        new_lines as (
          insert into order_lines (order_id, position, quote_id, currency_code, rate, market_rate, gbp_minor, foreign_minor,
            sterling_back_minor)
          select (select id from new_order), v.position, q.id, q.currency_code, q.rate, q.market_rate, q.gbp_minor,
            v.foreign_minor, v.sterling_back_minor
          from (values ${lineValues}) as v(position, quote_id, foreign_minor, sterling_back_minor)
          join quotes q on q.id = v.quote_id
          order by q.id),
        ${reserveNotesClauses("new_order", input.branch, notes?.reserve ?? [])}
        ${placementScreeningClause("new_order", screening, now)}
        ${assessment.clauses}
        queued as (${queuedMail({
          kind: "order-received",
          dedupeKey: `order-received:${orderId}`,
          to: input.customer.email,
          data: { orderId },
        })})
        select 1 from queued`;
      if (placing.serialised) await placing.db.transaction((savepoint) => queryRows(savepoint, write));
      else await queryRowsPrepared(placing.db, write);
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      // A concurrent twin of this submission won (whichever constraint it met first): answer with its order.
      if (constraint === "orders_idempotency_key" || constraint === "order_lines_quote_key") {
        const winner = await findByIdempotencyKey(db, input);
        if (winner) return { ...winner, created: false };
        if (constraint === "order_lines_quote_key") throw quoteUsed();
      }
      if (constraint === "orders_order_number_key" && attempt < MAX_ATTEMPTS) continue;
      // A concurrent placement by the same customer was written first: placed again from a read that sees
      // it (placeOrder), so that its assessment counts both.
      if (isPlacementSequenceTaken(constraint)) return sequenceTaken;
      // Another order took notes this one counted on between the read and the write: read the stock again
      // once (a different split may still pay), then refuse naming the currency that ran out.
      if (notes && isNotesTaken(error)) {
        if (!afterRace) return placeOrderWith({ ...options, now, afterRace: true }, placing);
        throw notEnoughNotes(notes.reserve[0]?.currency ?? "", branch.name, null);
      }
      // Two placements reserving notes of one branch may lock them in opposite orders: the loser tries again.
      if (notes && findPostgresError(error, ["40P01"]) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    const receipt = toOrderReceipt(
      {
        orderNumber,
        way: input.way,
        status: "pending",
        firstName: input.customer.firstName,
        lastName: input.customer.lastName,
        email: input.customer.email,
        phone: input.customer.phone,
        totalGbpMinor: total,
        createdAt: now,
      },
      branch,
      lines,
    );
    return { orderId, receipt, created: true };
  }
}

async function answerExisting(db: Db | Tx, input: PlaceOrderInput) {
  const winner = await findByIdempotencyKey(db, input);
  if (winner) return { ...winner, created: false };
  throw new Error("idempotent order disappeared");
}

/** What a checked Click & Collect quote's sterling buys at its rate (the quote stored the notes it makes). */
function exactForeignOf(q: { rate: string; currencyCode: string; gbpMinor: number; foreignMinor: number }): number {
  const exact = priceQuote({ way: "Order", rate: formatRate(q.rate), currency: q.currencyCode, gbpMinor: q.gbpMinor });
  return exact.ok ? exact.foreignMinor : q.foreignMinor;
}

/** The refusal of a branch short of notes, with the largest amount of them it can supply where known. */
function notEnoughNotes(currency: string, branchName: string, largestMinor: number | null) {
  const most = largestMinor ? `: the most it can supply is ${formatNotes(largestMinor, currency)}` : "";
  const message = `${branchName} does not have enough ${currency} notes for this order${most}. Please choose another collection point or a smaller amount.`;
  return new AppError("conflict", message, { branch: message });
}

function quoteUsed() {
  return new AppError(
    "quote_invalid",
    "A price in your basket has already been used for an order. Please add it again.",
    {
      lines: "Quote already used",
    },
  );
}

async function findByIdempotencyKey(
  db: Db | Tx,
  input: PlaceOrderInput,
): Promise<{ orderId: string; receipt: OrderReceipt } | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (!row) return null;
  const receipt = await loadOrderReceipt(db, row.id);
  if (!receipt) return null;
  const sameOrder =
    receipt.way === input.way &&
    receipt.lines.length === input.lines.length &&
    receipt.email.toLowerCase() === input.customer.email.toLowerCase();
  if (!sameOrder) {
    throw new AppError("conflict", "This submission key was already used for a different order.", {
      idempotencyKey: "Already used",
    });
  }
  return { orderId: row.id, receipt };
}
