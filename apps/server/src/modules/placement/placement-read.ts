import type { PlacementRead, PlacementRequest, PlacementSettings } from "@bureau/domain/placement/decide-placement";
import { defaultSmallestNoteMinor } from "@bureau/domain/whole-notes";
import type { ReadRow } from "./placement-statements.ts";

/** The read's parameters (placement-statements.ts READ), in their order. */
export function readParameters(input: PlacementRequest, settings: PlacementSettings, day: string): unknown[] {
  return [
    JSON.stringify(input.lines.map((line) => line.quoteId)),
    input.idempotencyKey,
    input.branch,
    input.customer.email,
    input.customer.phone,
    input.customer.firstName,
    input.customer.lastName,
    input.way,
    input.lines.reduce((sum, line) => sum + line.gbpMinor, 0),
    settings.now.toISOString(),
    day,
    settings.rules.frequentDays,
    input.idKey ?? null,
  ];
}

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

/** The read's row as the decisions take it (both drivers give numbers as numbers or strings). */
export function toPlacementRead(row: ReadRow): PlacementRead {
  const { branch_key: key, branch_name: name, address_lines: addressLines, postcode, branch_phone: phone } = row;
  return {
    quotes: row.quotes.map((q) => ({
      id: q.id,
      currencyCode: q.currency_code,
      way: q.way,
      rate: q.rate,
      marketRate: q.market_rate,
      gbpMinor: Number(q.gbp_minor),
      foreignMinor: Number(q.foreign_minor),
      sterlingBackMinor: Number(q.sterling_back_minor),
      smallestNoteMinor: orNull(q.smallest_note_minor) ?? defaultSmallestNoteMinor(q.currency_code),
      expiresAt: new Date(q.expires_at),
      label: q.label,
      used: q.used,
      freeNotes: q.free_notes
        ? q.free_notes.map(([valueMinor, count]) => ({ valueMinor: Number(valueMinor), count: Number(count) }))
        : null,
      buybackOrderId: q.buyback_order_id,
    })),
    sameSubmission: row.same_submission,
    branch: key && name && addressLines && postcode && phone ? { key, name, addressLines, postcode, phone } : null,
    sanctionsListId: row.sanctions_list_id,
    eurRate: row.eur_rate && { eurPerGbp: row.eur_rate.rate, day: row.eur_rate.day },
    linked: {
      totals: {
        yearOrderGbpMinor: Number(row.year_order),
        yearSellGbpMinor: Number(row.year_sell),
        monthOrderGbpMinor: Number(row.month_order),
        monthSellGbpMinor: Number(row.month_sell),
      },
      frequentOrders: Number(row.risk_frequent),
      otherNames: (row.risk_others ?? []).map((o) => ({
        name: o.name,
        orderNumber: o.order_number,
        via: o.via,
        mine: o.mine,
      })),
      emailSeq: orNull(row.email_seq),
      phoneSeq: orNull(row.phone_seq),
      dueDiligenceCovered: row.cdd_covered,
    },
  };
}
