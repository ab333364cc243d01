// Quotes for the placement's tests, as the quotes endpoint stores them.
import { quote } from "../pricing.ts";
import { sterlingValueUp } from "../whole-notes.ts";
import type { StoredQuote } from "./basket.ts";

/** The moment the tests place their orders. */
export const now = new Date("2026-11-27T12:00:00Z");

/** A Click & Collect quote as the quotes endpoint stores it: whole €5 notes, the rest back in sterling. */
export function collectQuote(id: string, gbpMinor: number, overrides: Partial<StoredQuote> = {}): StoredQuote {
  const rate = "1.1500";
  const priced = quote({ way: "Order", rate, currency: "EUR", gbpMinor });
  if (!priced.ok) throw new Error("unpriceable");
  const notes = Math.floor(priced.foreignMinor / 500) * 500;
  return {
    id,
    currencyCode: "EUR",
    way: "Order",
    rate: "1.150000",
    marketRate: "1.180000",
    gbpMinor: priced.gbpMinor,
    foreignMinor: notes,
    sterlingBackMinor: priced.gbpMinor - sterlingValueUp(notes, rate, "EUR"),
    smallestNoteMinor: 500,
    expiresAt: new Date(now.getTime() + 60_000),
    label: "Euro",
    used: false,
    freeNotes: null,
    ...overrides,
  };
}
