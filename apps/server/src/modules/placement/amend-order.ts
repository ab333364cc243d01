import { randomUUID } from "node:crypto";
import type { AmendmentPreview } from "@bureau/domain/contracts/tracking";
import { DEFAULT_DISPLAY_TIME_ZONE, displayDates } from "@bureau/domain/dates";
import { DEFAULT_DUE_DILIGENCE_TIERS, type DueDiligenceTiers } from "@bureau/domain/due-diligence";
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from "@bureau/domain/order-limits";
import {
  type AmendableOrder,
  type AmendmentRequest,
  amendmentAskRefusal,
  decideAmendment,
  notAmendable,
} from "@bureau/domain/placement/amend-order";
import type { PlacementSettings } from "@bureau/domain/placement/decide-placement";
import { notEnoughNotes, type PlacementRefusal, quoteUsed } from "@bureau/domain/placement/refusals";
import { formatRate } from "@bureau/domain/pricing";
import { DEFAULT_RISK_RULES, type RiskRules } from "@bureau/domain/risk-flags";
import { DEFAULT_MAX_STERLING_BACK_PERCENT } from "@bureau/domain/whole-notes";
import type { CurrencyList } from "@bureau/domain/contracts/reference-data";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { violatedUniqueConstraint } from "../../lib/postgres.ts";
import { wakeMailer } from "../mail/index.ts";
import { loadOrderRows } from "../orders/index.ts";
import { createQuote } from "../quotes/index.ts";
import { getAvailability, isNotesTaken } from "../stock/index.ts";
import { branchNameOf } from "../till/index.ts";
import {
  AMEND_LOCK_ORDER,
  AMEND_READ_ORDER,
  AMEND_RELEASE_NOTES,
  AMEND_WRITE,
  type LockedOrderRow,
} from "./amend-statements.ts";
import { inTransaction, type Placing } from "./placement-runner.ts";
import { readParameters, toPlacementRead } from "./placement-read.ts";
import { READ, type ReadRow } from "./placement-statements.ts";

/** The rules an amendment is checked by: the placement's own settings (app config), defaults for tests. */
export type AmendmentRules = {
  limits?: OrderLimits;
  dueDiligence?: DueDiligenceTiers;
  riskRules?: RiskRules;
  timeZone?: string;
  maxSterlingBackPercent?: number;
};

function refused(refusal: PlacementRefusal): AppError {
  return new AppError(refusal.code, refusal.message, refusal.fields);
}

/**
 * "Check the new price": the order's lines priced afresh at the amounts the customer asks for (a new
 * quote per line, held 30 minutes, as the basket's) beside what the order holds now. A Click & Collect's
 * new branch is checked for the notes as the confirmation will check it (the notes the order holds count
 * at its own branch), so a branch that cannot supply it is refused here, with the most it can, before the
 * customer confirms. Nothing of the order changes; the quotes are what a confirmation sends back.
 */
export async function quoteAmendment({
  db,
  orderId,
  branch,
  amountsMinor,
  limits = DEFAULT_ORDER_LIMITS,
  maxSterlingBackPercent = DEFAULT_MAX_STERLING_BACK_PERCENT,
  cachedCurrencies,
  now = new Date(),
}: {
  db: Db;
  orderId: string;
  branch: string;
  amountsMinor: number[];
  limits?: OrderLimits;
  maxSterlingBackPercent?: number;
  cachedCurrencies?: () => Promise<CurrencyList>;
  now?: Date;
}): Promise<AmendmentPreview> {
  const rows = await loadOrderRows(db, orderId);
  if (!rows) throw new AppError("not_found", "There is no such order.");
  const { order, lines } = rows;
  const asked = amendmentAskRefusal(
    {
      status: order.status,
      channel: order.channel,
      guaranteedSale: order.buybackOfOrderId !== null,
      branchKey: order.branchKey,
      way: order.way,
      lines: lines.map((line) => ({ ...line, quoteId: line.quoteId, rate: line.rate })),
    },
    { branch, amountsMinor },
  );
  if (asked) throw refused(asked);
  const quotes = [];
  let basketGbpMinor = 0;
  for (const [index, line] of lines.entries()) {
    const amount = amountsMinor[index] as number;
    const quote = await createQuote({
      db,
      limits,
      now,
      ...(cachedCurrencies ? { cachedCurrencies } : {}),
      input: {
        currency: line.currencyCode,
        way: order.way,
        ...(order.way === "Order" ? { gbpMinor: amount } : { foreignMinor: amount }),
        basketGbpMinor,
      },
    });
    basketGbpMinor += quote.gbpMinor;
    quotes.push(quote);
  }
  if (order.way === "Order") {
    const { branches } = await getAvailability({
      db,
      need: quotes.map((quote) => ({ currency: quote.currency, gbpMinor: quote.gbpMinor, rate: quote.rate })),
      maxSterlingBackPercent,
      heldBy: { orderId, branchKey: order.branchKey },
    });
    const short = branches.find((candidate) => candidate.key === branch)?.largest;
    if (short) throw refused(notEnoughNotes(short.currency, await branchNameOf(db, branch), short.foreignMinor));
  }
  return {
    before: {
      branch: order.branchKey,
      totalGbpMinor: order.totalGbpMinor,
      lines: lines.map((line) => ({
        currency: line.currencyCode,
        label: line.label,
        rate: formatRate(line.rate),
        gbpMinor: line.gbpMinor,
        foreignMinor: line.foreignMinor,
        sterlingBackMinor: line.sterlingBackMinor,
      })),
    },
    after: {
      branch,
      totalGbpMinor: basketGbpMinor,
      lines: quotes.map((quote) => ({
        currency: quote.currency,
        label: quote.label,
        rate: quote.rate,
        gbpMinor: quote.gbpMinor,
        foreignMinor: quote.foreignMinor,
        sterlingBackMinor: quote.sterlingBackMinor,
      })),
    },
    quotes: quotes.map((quote) => ({
      quoteId: quote.id,
      rate: quote.rate,
      gbpMinor: quote.gbpMinor,
      foreignMinor: quote.foreignMinor,
    })),
    expiresAt: quotes.map((quote) => quote.expiresAt).sort()[0] ?? now.toISOString(),
  };
}

/**
 * "Confirm amendment": in one transaction with the order's row locked, the order is checked still Pending
 * (an acceptance that came first wins: refused), a confirmation already applied is answered as done (a
 * double click amends once), the order's reserved notes are released, the placement's read is made for
 * the new quotes and branch, the placement's decisions check the amended order (packages/domain
 * placement/amend-order.ts), and the amendment is written. Any refusal rolls everything back: the order
 * is left as it was, its notes reserved again.
 */
export async function amendOrder({
  db,
  orderId,
  request,
  rules = {},
  now = new Date(),
}: {
  db: Db;
  orderId: string;
  request: AmendmentRequest;
  rules?: AmendmentRules;
  now?: Date;
}): Promise<{ amended: boolean }> {
  const settings: PlacementSettings = {
    limits: rules.limits ?? DEFAULT_ORDER_LIMITS,
    tiers: rules.dueDiligence ?? DEFAULT_DUE_DILIGENCE_TIERS,
    rules: rules.riskRules ?? DEFAULT_RISK_RULES,
    maxSterlingBackPercent: rules.maxSterlingBackPercent ?? DEFAULT_MAX_STERLING_BACK_PERCENT,
    now,
  };
  const day = displayDates(rules.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE).day(now);
  const amended = await inTransaction(db, (placing) => amendLocked(placing, { orderId, request, settings, day }));
  if (amended) wakeMailer(db);
  return { amended };
}

async function amendLocked(
  placing: Placing,
  {
    orderId,
    request,
    settings,
    day,
  }: { orderId: string; request: AmendmentRequest; settings: PlacementSettings; day: string },
): Promise<boolean> {
  await placing.run(AMEND_LOCK_ORDER, [orderId]);
  const [row] = await placing.run<LockedOrderRow>(AMEND_READ_ORDER, [
    orderId,
    settings.now.toISOString(),
    settings.rules.frequentDays,
    request.idempotencyKey,
  ]);
  if (!row) throw new AppError("not_found", "There is no such order.");
  // This very confirmation was applied already (a double click, a retry): done, once.
  if (row.already) return false;
  const order = toAmendableOrder(row);
  if (order.status !== "pending") throw refused(notAmendable());
  await placing.run(AMEND_RELEASE_NOTES, [orderId]);
  const placementRequest = {
    // Not an order's submission key: the read's "same submission" stays false.
    idempotencyKey: `amend:${orderId}:${request.idempotencyKey}`,
    way: order.way,
    lines: request.lines,
    branch: request.branch,
    customer: { firstName: order.firstName, lastName: order.lastName, email: order.email, phone: order.phone },
    idKey: order.idKey,
  };
  const [read] = await placing.run<ReadRow>(READ, readParameters(placementRequest, settings, day));
  const decision = decideAmendment({
    order,
    request,
    read: toPlacementRead(read as ReadRow),
    settings,
    amendmentId: randomUUID(),
  });
  if (decision.kind === "refused") throw refused(decision.refusal);
  try {
    await placing.write(AMEND_WRITE, [JSON.stringify(decision.write), order.email]);
  } catch (error) {
    if (violatedUniqueConstraint(error) === "order_lines_quote_key") throw refused(quoteUsed());
    if (decision.notesCurrency !== null && isNotesTaken(error)) {
      throw refused(notEnoughNotes(decision.notesCurrency, decision.branchName, null));
    }
    throw error;
  }
  return true;
}

function toAmendableOrder(row: LockedOrderRow): AmendableOrder {
  return {
    id: row.id,
    status: row.status,
    channel: row.channel,
    way: row.way,
    branchKey: row.branch_key,
    totalGbpMinor: Number(row.total_gbp_minor),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    idKey: row.id_key,
    guaranteedSale: row.guaranteed_sale,
    holdReason: row.hold_reason,
    holdClearedAt: row.hold_cleared_at,
    lines: row.lines.map((line) => ({
      position: Number(line.position),
      quoteId: line.quoteId,
      currencyCode: line.currencyCode,
      rate: line.rate,
      gbpMinor: Number(line.gbpMinor),
      foreignMinor: Number(line.foreignMinor),
      sterlingBackMinor: Number(line.sterlingBackMinor),
    })),
    countedInYear: row.counted_year,
    countedInMonth: row.counted_month,
    countedInFrequent: row.counted_frequent,
  };
}
