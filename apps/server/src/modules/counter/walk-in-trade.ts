import { eq } from "drizzle-orm";
import {
  COUNTER_ORDER_LIMITS,
  type CounterTradeInput,
  counterIdMessage,
  counterIdRequired,
  counterTradeProblems,
} from "@bureau/domain/counter-trade";
import type { CounterTradeResult } from "@bureau/domain/contracts/counter";
import type { Quote } from "@bureau/domain/contracts/orders";
import { DEFAULT_DISPLAY_TIME_ZONE } from "@bureau/domain/dates";
import { checkHandover, expectedNotes, type HandoverInput, todayIn } from "@bureau/domain/handover";
import { identityKeyOf } from "@bureau/domain/identity-key";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { transitionOrder } from "../orders/index.ts";
import { placeOrder } from "../placement/index.ts";
import { createBuybackQuote, guaranteedOrderIdOf } from "../buyback/index.ts";
import { createQuote } from "../quotes/index.ts";
import { requireOpenTill } from "../till/index.ts";

/** The placement's settings as configured (the counter's own limits replace the online ones). */
type PlacementSettings = Omit<Parameters<typeof placeOrder>[0], "db" | "input" | "now" | "limits">;

export type WalkInTradeOptions = {
  db: Db;
  /** The cashier at the desk: the trade moves their open till at the branch. */
  cashier: AuditActor;
  branchKey: string;
  /** The form's key: a retried or corrected submission completes the same trade instead of a second. */
  idempotencyKey: string;
  input: CounterTradeInput;
  placement: PlacementSettings;
  counterIdFromGbpMinor: number;
  timeZone?: string;
  requestId?: string;
  now?: Date;
};

/**
 * A walk-in trade at the counter (issue 33 item 3, docs/features/counter.md): priced at the counter's
 * margins, placed through the same placement decisions as an online order (so the customer's name is
 * screened, the trade is linked to their online orders and earlier trades by ID document, phone or
 * e-mail, and due diligence and holds apply), then completed at once through the same handover, which
 * records the payment and moves the stock and the cashier's till.
 *
 * What can be refused is refused before anything is written: the fields, the cashier's open till, the
 * whole notes, and the handover (the ID from COUNTER_ID_FROM_GBP, the card against the name). A trade the
 * placement holds stays Pending and on hold: nothing changes hands until the MLRO clears it. One that
 * needs enhanced due diligence is answered with the fields to add; sent again with the same key, the
 * placement answers the same trade and the handover completes it.
 */
export async function makeWalkInTrade(options: WalkInTradeOptions): Promise<CounterTradeResult> {
  const { db, cashier, branchKey, input } = options;
  const now = options.now ?? new Date();
  const problems = counterTradeProblems(input);
  if (Object.keys(problems).length > 0) {
    throw new AppError("validation_failed", `${Object.values(problems)[0]}.`, problems);
  }
  // The drawer the trade will move, before anything is priced or placed.
  await db.transaction((tx) => requireOpenTill(tx, cashier.id, branchKey));
  // One line, or under a buy-back guarantee the part at the original rate and the rest at the counter's.
  const quotes = await quotesAtTheCounter(options, now);
  const foreignMinor = quotes.reduce((sum, q) => sum + q.foreignMinor, 0);
  const handover = handoverOf(input, foreignMinor);
  const idRequired = counterIdRequired(
    quotes.reduce((sum, q) => sum + q.gbpMinor, 0),
    options.counterIdFromGbpMinor,
  );
  const checked = checkHandover(
    {
      way: input.way,
      enhancedDueDiligence: false,
      lines: quotes.map((q) => ({
        currency: q.currency,
        rate: q.rate,
        gbpMinor: q.gbpMinor,
        foreignMinor: q.foreignMinor,
      })),
      counter: { idRequired },
    },
    handover,
    todayIn(options.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE, now),
  );
  if (!checked.ok) {
    const message = idRequired && checked.fields.idType ? counterIdMessage(options.counterIdFromGbpMinor) : null;
    throw new AppError("validation_failed", message ? `${message}.` : checked.message, checked.fields);
  }
  const { record } = checked;
  const customer = {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: (input.email ?? "").trim(),
    phone: (input.phone ?? "").trim(),
  };
  const placed = await placeOrder({
    ...options.placement,
    limits: COUNTER_ORDER_LIMITS,
    db,
    now,
    input: {
      idempotencyKey: options.idempotencyKey,
      way: input.way,
      lines: quotes.map((q) => ({ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor })),
      branch: branchKey,
      customer,
      channel: "counter",
      idKey:
        record.idType && record.idNumberLast4
          ? identityKeyOf({ ...customer, idType: record.idType, idNumberLast4: record.idNumberLast4 })
          : null,
    },
  });
  return completeTrade(options, placed.orderId, handover, now);
}

/**
 * The trade priced at the counter's rates; a "We buy" under a buy-back guarantee (docs/features/buyback-guarantee.md)
 * first at the guaranteed order's rate for the whole notes up to what is left of it, the rest at the
 * counter's. A refused amount is the form's amount field's problem.
 */
async function quotesAtTheCounter(options: WalkInTradeOptions, now: Date): Promise<Quote[]> {
  const { db, input } = options;
  const guaranteedNumber = (input.guaranteedOrderNumber ?? "").trim();
  if (input.way !== "Sell" || guaranteedNumber === "")
    return [await quoteAtTheCounter(options, input.foreignMinor, now)];
  const guaranteedOrderId = await guaranteedOrderIdOf(db, guaranteedNumber);
  if (!guaranteedOrderId) {
    const message = `Order ${guaranteedNumber} has no buy-back guarantee.`;
    throw new AppError("not_found", message, { guaranteedOrderNumber: message });
  }
  const guaranteed = await asAmountProblem(() =>
    createBuybackQuote({
      db,
      guaranteedOrderId,
      input: { currency: input.currency, foreignMinor: input.foreignMinor },
      now,
      timeZone: options.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE,
      atCounter: true,
    }),
  );
  const restMinor = guaranteed.buyback?.restMinor ?? 0;
  return restMinor > 0 ? [guaranteed, await quoteAtTheCounter(options, restMinor, now)] : [guaranteed];
}

async function quoteAtTheCounter({ db, input }: WalkInTradeOptions, foreignMinor: number, now: Date) {
  return asAmountProblem(() =>
    createQuote({
      db,
      input: { currency: input.currency, way: input.way, foreignMinor },
      limits: COUNTER_ORDER_LIMITS,
      now,
      atCounter: true,
    }),
  );
}

/** A refused amount as the form's amount field's problem. */
async function asAmountProblem(price: () => Promise<Quote>): Promise<Quote> {
  try {
    return await price();
  } catch (error) {
    if (error instanceof AppError && error.fields?.amount) {
      throw new AppError(error.code, error.message, { foreignMinor: error.fields.amount });
    }
    throw error;
  }
}

/** Completes the placed trade unless it is held (or was completed by an earlier submission of the form). */
async function completeTrade(
  options: WalkInTradeOptions,
  orderId: string,
  handover: HandoverInput,
  now: Date,
): Promise<CounterTradeResult> {
  const { db } = options;
  const [order] = await db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      holdReason: orders.holdReason,
      holdClearedAt: orders.holdClearedAt,
      totalGbpMinor: orders.totalGbpMinor,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error("placed trade disappeared");
  const answer = { orderId, orderNumber: order.orderNumber, gbpMinor: order.totalGbpMinor };
  if (order.status === "completed") return { ...answer, status: "completed", holdReason: null };
  if (order.holdReason && !order.holdClearedAt) return { ...answer, status: "held", holdReason: order.holdReason };
  try {
    await transitionOrder({
      db,
      orderId,
      transition: "complete",
      actor: options.cashier,
      handover,
      now,
      ...(options.requestId ? { requestId: options.requestId } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      counterIdFromGbpMinor: options.counterIdFromGbpMinor,
    });
  } catch (error) {
    // The placement asked for more than the form gave (enhanced due diligence: the address and date of
    // birth). The trade stays Pending; the same form sent again with them completes this very trade.
    if (error instanceof AppError && error.code === "validation_failed") {
      throw new AppError(
        "validation_failed",
        `Trade ${order.orderNumber} needs enhanced due diligence: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)} Then complete the trade again.`,
        error.fields,
      );
    }
    throw error;
  }
  return { ...answer, status: "completed", holdReason: null };
}

/** The form's handover fields as the handover rules take them; what "We buy" receives is the amount in notes. */
function handoverOf(input: CounterTradeInput, foreignMinor: number): HandoverInput {
  return {
    idType: input.idType,
    idNumberLast4: input.idNumberLast4,
    idExpiresOn: input.idExpiresOn,
    cardMatchesName: input.cardMatchesName,
    address: input.address,
    dateOfBirth: input.dateOfBirth,
    payment: { method: input.paymentMethod },
    ...(input.way === "Sell"
      ? {
          received: [
            {
              currency: input.currency,
              notes: input.receivedNotes ?? expectedNotes(input.currency, foreignMinor),
              amountMinor: foreignMinor,
            },
          ],
        }
      : {}),
  };
}
