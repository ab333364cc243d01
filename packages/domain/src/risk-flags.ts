import { Dec, decFromInt } from "./decimal.ts";
import type { DueDiligenceTiers } from "./due-diligence.ts";
import { euroMinorOf } from "./due-diligence.ts";
import { formatMinor } from "./money.ts";
import { normaliseName } from "./sanctions-screening.ts";

/**
 * Risk flags (issue 15 item 3): HMRC's red flags for money service businesses, computed when an order is
 * placed and shown to staff with the rule that fired. A flag asks staff to look; it holds nothing by itself
 * (a hold comes from the due-diligence threshold, a sanctions match or a suspicion report).
 */
export const RISK_FLAG_RULES = ["high_value_notes", "near_tier", "frequent_orders", "names_differ"] as const;
export type RiskFlagRule = (typeof RISK_FLAG_RULES)[number];

/** The badge staff see for each rule. */
export const RISK_FLAG_LABELS: Record<RiskFlagRule, string> = {
  high_value_notes: "High-value notes",
  near_tier: "Just under a tier",
  frequent_orders: "Frequent orders",
  names_differ: "Names differ",
};

export type RiskFlag = { rule: RiskFlagRule; detail: string };

export type RiskRules = {
  /** High-value notes worth this much in sterling (pence) on one currency fire the flag (RISK_HIGH_VALUE_NOTES_GBP). */
  highValueNotesGbpMinor: number;
  /** A line or an order this many percent under a due-diligence tier, or closer, fires the flag. */
  nearTierPercent: number;
  /** This many orders of one linked customer... */
  frequentOrders: number;
  /** ...within this many days (the order itself included) fire the flag. */
  frequentDays: number;
};

export const DEFAULT_RISK_RULES: RiskRules = {
  highValueNotesGbpMinor: 1_000_00,
  nearTierPercent: 10,
  frequentOrders: 3,
  frequentDays: 7,
};

/**
 * The notes HMRC names as high-value (€100, €200, €500 and $100), in minor units. The €500 is no longer
 * issued (so never in stock) but is still legal tender: a customer may bring them to sell.
 */
export const HIGH_VALUE_NOTES: Readonly<Record<string, readonly number[]>> = {
  EUR: [100_00, 200_00, 500_00],
  USD: [100_00],
};

/** One currency of an order: its amounts (all its lines), and the notes reserved for it where stock is tracked. */
export type CurrencyAmount = {
  currency: string;
  gbpMinor: number;
  foreignMinor: number;
  /**
   * The notes of a Click & Collect order: reserved from the branch's stock, or where it does not track the
   * currency the notes the whole-notes split hands over; null for Click & Sell (the notes are the customer's).
   */
  notes: { valueMinor: number; count: number }[] | null;
  /** Where `notes` come from, as the flag's detail says it (default: reserved). */
  notesSource?: "reserved" | "to hand over";
};

/**
 * High-value notes asked for: of a Click & Collect order, the high-value ones among the notes reserved or
 * handed over (their sterling worth at the order's own rate), not the amount alone; of a Click & Sell,
 * whose notes are the customer's, the currency's whole amount, which may come in such notes. Fires at or
 * above the configured sterling value.
 */
export function highValueNotesFlag(currencies: CurrencyAmount[], rules: RiskRules): RiskFlag | null {
  const found: string[] = [];
  for (const c of currencies) {
    const highValue = HIGH_VALUE_NOTES[c.currency];
    if (!highValue || c.foreignMinor <= 0) continue;
    const threshold = formatMinor(rules.highValueNotesGbpMinor, "GBP");
    if (c.notes) {
      const chosen = c.notes
        .filter((n) => highValue.includes(n.valueMinor) && n.count > 0)
        .sort((a, b) => b.valueMinor - a.valueMinor);
      const foreign = chosen.reduce((sum, n) => sum + n.valueMinor * n.count, 0);
      // The notes' sterling worth at the order's rate, exactly (never above the currency's amount).
      const gbp = Number((BigInt(foreign) * BigInt(c.gbpMinor)) / BigInt(c.foreignMinor));
      if (chosen.length > 0 && gbp >= rules.highValueNotesGbpMinor) {
        const list = chosen.map((n) => `${n.count} × ${formatMinor(n.valueMinor, c.currency)}`).join(", ");
        found.push(
          `${c.currency} notes ${c.notesSource ?? "reserved"}: ${list} (${formatMinor(gbp, "GBP")}), at or above ${threshold}`,
        );
      }
    } else if (c.gbpMinor >= rules.highValueNotesGbpMinor) {
      const notes = highValue.map((v) => formatMinor(v, c.currency).replace(/\.00$/, "")).join(", ");
      found.push(
        `${formatMinor(c.foreignMinor, c.currency)} (${formatMinor(c.gbpMinor, "GBP")}) in a currency of high-value notes (${notes}), at or above ${threshold}`,
      );
    }
  }
  return found.length > 0 ? { rule: "high_value_notes", detail: found.join("; ") } : null;
}

/**
 * A line or the order within `nearTierPercent` under a due-diligence tier: at or above (100 − p)% of the
 * tier and below it. The sterling tier compares pence; the euro threshold compares the amount at the
 * previous day's EUR rate exactly (not checked without a rate).
 */
export function nearTierFlag(
  amounts: { linesGbpMinor: number[]; orderGbpMinor: number },
  tiers: DueDiligenceTiers,
  eurPerGbp: string | null,
  rules: RiskRules,
): RiskFlag | null {
  const share = decFromInt(100 - rules.nearTierPercent).div(decFromInt(100));
  const enhancedFloor = decFromInt(tiers.enhancedGbpMinor).times(share);
  const euroFloor = decFromInt(tiers.thresholdEurMinor).times(share);
  const candidates = [
    ...amounts.linesGbpMinor.map((gbp, i) => ({ what: `Line ${i + 1}`, gbp })),
    ...(amounts.linesGbpMinor.length > 1 ? [{ what: "The order", gbp: amounts.orderGbpMinor }] : []),
  ];
  const found: string[] = [];
  for (const { what, gbp } of candidates) {
    const pounds = decFromInt(gbp);
    if (pounds.gte(enhancedFloor) && gbp < tiers.enhancedGbpMinor) {
      found.push(
        `${what} (${formatMinor(gbp, "GBP")}) is within ${rules.nearTierPercent}% under the ${formatMinor(tiers.enhancedGbpMinor, "GBP")} enhanced due-diligence tier`,
      );
    }
    if (eurPerGbp) {
      const euros = new Dec(euroMinorOf(gbp, eurPerGbp));
      if (euros.gte(euroFloor) && euros.lt(decFromInt(tiers.thresholdEurMinor))) {
        found.push(
          `${what} (${formatMinor(gbp, "GBP")}, ${formatMinor(Number(euros.round(0, Dec.roundDown).toFixed()), "EUR")}) is within ${rules.nearTierPercent}% under the ${formatMinor(tiers.thresholdEurMinor, "EUR")} threshold`,
        );
      }
    }
  }
  return found.length > 0 ? { rule: "near_tier", detail: found.join("; ") } : null;
}

/** Several orders of one linked customer in a few days (the order itself counted). */
export function frequentOrdersFlag(ordersInWindow: number, rules: RiskRules): RiskFlag | null {
  if (ordersInWindow < rules.frequentOrders) return null;
  return {
    rule: "frequent_orders",
    detail: `${ordersInWindow} orders in ${rules.frequentDays} days by this customer (linked by e-mail, phone or account), this one included`,
  };
}

/** Two names are the same person's when their tokens are (case, accents, spacing and order ignored). */
export function sameName(a: string, b: string): boolean {
  const key = (name: string) => normaliseName(name).sort().join(" ");
  return key(a) === key(b);
}

/** The same e-mail or phone given with other names on earlier orders. */
export function namesDifferFlag(
  name: string,
  others: { name: string; orderNumber: string; via: "email" | "phone" }[],
): RiskFlag | null {
  const differing = others.filter((other) => !sameName(name, other.name));
  if (differing.length === 0) return null;
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const other of differing) {
    const key = `${other.via}:${normaliseName(other.name).sort().join(" ")}`;
    if (seen.has(key)) continue;
    seen.add(key);
    parts.push(`${other.name} (order ${other.orderNumber}, same ${other.via === "email" ? "e-mail" : "phone"})`);
  }
  return { rule: "names_differ", detail: `The same contact details were given with other names: ${parts.join(", ")}` };
}
