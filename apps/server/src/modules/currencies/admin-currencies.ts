import { asc, eq, max, sql } from "drizzle-orm";
import type {
  AddCurrencyRequest,
  AdminCurrency,
  RateCheck,
  UpdateCurrencyRequest,
} from "@bureau/domain/contracts/dashboard";
import { parseMajorToMinor } from "@bureau/domain/money";
import { checkMargins, trimDecimal } from "@bureau/domain/pricing";
import { smallestNoteProblem } from "@bureau/domain/whole-notes";
import type { Db } from "../../db/client.ts";
import { currencies } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { toCurrency } from "./list-currencies.ts";
import { RateProviderError, type RateProvider } from "../rates/index.ts";
import { recordCurrentRate } from "../rates/index.ts";

/** The public answer for the currency (toCurrency) and where its rate came from. */
export function toAdminCurrency(row: typeof currencies.$inferSelect): AdminCurrency {
  return {
    ...toCurrency(row),
    source: row.source,
    counterSell: row.counterSellMargin === null ? null : trimDecimal(row.counterSellMargin),
    counterBuy: row.counterBuyMargin === null ? null : trimDecimal(row.counterBuyMargin),
  };
}

export async function listAdminCurrencies({ db }: { db: Db }) {
  const rows = await db
    .select()
    .from(currencies)
    .where(eq(currencies.active, true))
    .orderBy(asc(currencies.displayOrder));
  return { currencies: rows.map(toAdminCurrency) };
}

export async function getAdminCurrency({ db, code }: { db: Db; code: string }) {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code.toUpperCase()));
  if (!row?.active) throw new AppError("not_found", `There is no currency ${code.toUpperCase()}.`);
  return toAdminCurrency(row);
}

/** Asks the rates provider for 1 GBP in `code`: valid only if a rate comes back (spec §5). */
export async function checkRate({ provider, code }: { provider: RateProvider; code: string }): Promise<RateCheck> {
  try {
    const quote = await provider.getRate(code);
    return { code, rate: quote.rate, source: quote.source, checkedAt: new Date().toISOString() };
  } catch (error) {
    if (error instanceof RateProviderError) {
      throw new AppError(
        error.kind === "no_rate" ? "not_found" : "service_unavailable",
        error.kind === "no_rate" ? "Wrong currency tried" : error.message,
        { code: "Wrong currency tried" },
      );
    }
    throw error;
  }
}

function refuseBadMargins(sell: string, buy: string) {
  const problem = checkMargins(sell, buy);
  if (problem) throw new AppError("validation_failed", problem, { sell: problem });
}

export async function addCurrency({
  db,
  provider,
  input,
  actor,
  requestId,
}: {
  db: Db;
  provider: RateProvider;
  input: Required<AddCurrencyRequest>;
  actor: AuditActor;
  requestId?: string;
}): Promise<AdminCurrency> {
  const code = input.code.toUpperCase();
  refuseBadMargins(input.sell, input.buy);
  // The server takes the market rate from the provider itself: a rate typed or altered in the browser is never stored.
  const checked = await checkRate({ provider, code });
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(currencies).where(eq(currencies.code, code));
    if (existing?.active)
      throw new AppError("conflict", `${code} is already in the list. Use Update to change it.`, {
        code: "Already exists",
      });
    const [{ last } = { last: 0 }] = await tx.select({ last: max(currencies.displayOrder) }).from(currencies);
    const values = {
      code,
      label: input.label.trim(),
      rate: checked.rate,
      sellMargin: input.sell,
      buyMargin: input.buy,
      displayOrder: (last ?? 0) + 10,
      active: true,
      source: checked.source,
      ratesAsOf: new Date(checked.checkedAt),
      updatedAt: new Date(),
    };
    const [row] = existing
      ? await tx.update(currencies).set(values).where(eq(currencies.code, code)).returning()
      : await tx.insert(currencies).values(values).returning();
    if (!row) throw new Error("currency write returned nothing");
    await recordCurrentRate(tx, code);
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "currency.add",
      entityType: "currency",
      entityId: code,
      before: existing ? toAdminCurrency(existing) : null,
      after: toAdminCurrency(row),
    });
    return toAdminCurrency(row);
  });
}

/** The smallest note staff typed, in minor units; refused unless it is one of the currency's notes (where known). */
function smallestNoteOf(code: string, typed: string): number {
  const minor = parseMajorToMinor(typed, code) ?? 0;
  const problem = smallestNoteProblem(code, minor);
  if (problem) throw new AppError("validation_failed", problem, { smallestNote: problem });
  return minor;
}

export async function updateCurrency({
  db,
  code,
  input,
  actor,
  requestId,
}: {
  db: Db;
  code: string;
  input: UpdateCurrencyRequest;
  actor: AuditActor;
  requestId?: string;
}): Promise<AdminCurrency> {
  refuseBadMargins(input.sell, input.buy);
  const upper = code.toUpperCase();
  const smallestNoteMinor = input.smallestNote === undefined ? undefined : smallestNoteOf(upper, input.smallestNote);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(currencies).where(eq(currencies.code, upper)).for("update");
    if (!before?.active) throw new AppError("not_found", `There is no currency ${upper}.`);
    const [after] = await tx
      .update(currencies)
      .set({
        label: input.label.trim(),
        sellMargin: input.sell,
        buyMargin: input.buy,
        ...(smallestNoteMinor === undefined ? {} : { smallestNoteMinor }),
        updatedAt: sql`now()`,
      })
      .where(eq(currencies.code, upper))
      .returning();
    if (!after) throw new Error("currency update returned nothing");
    // New margins are new customer rates: the history records them.
    if (Number(after.sellMargin) !== Number(before.sellMargin) || Number(after.buyMargin) !== Number(before.buyMargin))
      await recordCurrentRate(tx, upper);
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "currency.update",
      entityType: "currency",
      entityId: upper,
      before: toAdminCurrency(before),
      after: toAdminCurrency(after),
    });
    return toAdminCurrency(after);
  });
}
