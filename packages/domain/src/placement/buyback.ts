import type { BuybackGuaranteeTerms } from "../buyback-guarantee.ts";
import type { Way } from "../constants.ts";
import type { OrderChannel } from "../counter-trade.ts";
import type { StoredQuote } from "./basket.ts";
import type { PlacementRefusal } from "./refusals.ts";

/** What a placement writes of the buy-back guarantee (docs/features/buyback-guarantee.md). */
export type PlacementBuyback = {
  /** Click & Collect with the guarantee: its fee (pence) and days as sold; 0 and null otherwise. */
  buybackFeeMinor: number;
  buybackDays: number | null;
  /** A sale under a guarantee: the guaranteed order. */
  buybackOfOrderId: string | null;
  /** What the sale sells back at the original rate, per currency (added to the guarantee's remainders). */
  buybackUses: { guaranteedOrderId: string; currency: string; foreignMinor: number; gbpMinor: number }[];
};

export const NO_BUYBACK: PlacementBuyback = {
  buybackFeeMinor: 0,
  buybackDays: null,
  buybackOfOrderId: null,
  buybackUses: [],
};

export function buybackOnlyWithCollect(): PlacementRefusal {
  return {
    code: "validation_failed",
    message: "The buy-back guarantee is sold with Click & Collect orders only.",
    fields: { buybackGuarantee: "Only with Click & Collect" },
  };
}

export function buybackOfOneOrder(): PlacementRefusal {
  return {
    code: "quote_invalid",
    message: "One sale can sell back under one buy-back guarantee only. Please place one order per guarantee.",
    fields: { lines: "More than one guaranteed order" },
  };
}

/**
 * The guarantee bought with an online Click & Collect order, or the guaranteed order a sale's quotes were
 * priced from (each of its guaranteed quotes was priced by the server from that stored order: the quote
 * carries it, the browser cannot). Several guaranteed lines of one currency are one use.
 */
export function decideBuyback(
  request: {
    way: Way;
    channel?: OrderChannel | undefined;
    buybackGuarantee?: BuybackGuaranteeTerms | null | undefined;
  },
  quotes: readonly StoredQuote[],
): PlacementBuyback | { refusal: PlacementRefusal } {
  if (request.buybackGuarantee) {
    if (request.way !== "Order" || (request.channel ?? "online") !== "online") {
      return { refusal: buybackOnlyWithCollect() };
    }
    return {
      ...NO_BUYBACK,
      buybackFeeMinor: request.buybackGuarantee.feeGbpMinor,
      buybackDays: request.buybackGuarantee.days,
    };
  }
  const guaranteed = quotes.filter((q) => q.way === "Sell" && q.buybackOrderId);
  const orderIds = new Set(guaranteed.map((q) => q.buybackOrderId as string));
  if (orderIds.size === 0) return NO_BUYBACK;
  if (orderIds.size > 1) return { refusal: buybackOfOneOrder() };
  const [guaranteedOrderId] = [...orderIds] as [string];
  const byCurrency = new Map<string, { foreignMinor: number; gbpMinor: number }>();
  for (const q of guaranteed) {
    const use = byCurrency.get(q.currencyCode) ?? { foreignMinor: 0, gbpMinor: 0 };
    byCurrency.set(q.currencyCode, {
      foreignMinor: use.foreignMinor + q.foreignMinor,
      gbpMinor: use.gbpMinor + q.gbpMinor,
    });
  }
  return {
    ...NO_BUYBACK,
    buybackOfOrderId: guaranteedOrderId,
    buybackUses: [...byCurrency]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, use]) => ({ guaranteedOrderId, currency, ...use })),
  };
}
