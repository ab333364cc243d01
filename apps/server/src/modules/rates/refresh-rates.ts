import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { type HeldRateMove, heldRateMoveSchema, type RateRefreshState } from "@bureau/domain/contracts/dashboard";
import { isSuspiciousRateMove } from "@bureau/domain/rate-move";
import type { Db } from "../../db/client.ts";
import { channels, notify } from "../../db/notify.ts";
import { currencies } from "../../db/schema.ts";
import { readSetting, type SettingDefinition, writeSetting } from "../../lib/settings-store.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { AppError } from "../../lib/app-error.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { type RateProvider, RateProviderError } from "./rate-provider.ts";
import { recordCurrentRate } from "./record-rate.ts";

const STATE_KEY = "rate_refresh";
export const REFRESH_INTERVAL_SECONDS = 60;

/** A provider rate held back because it moved too far from the current one (isSuspiciousRateMove, in the domain). */
type StoredState = {
  enabled: boolean;
  lastRefreshAt: string | null;
  lastError: string | null;
  /** The last refresh that got at least one rate from the provider. */
  lastSuccessAt: string | null;
  /** The first of the refreshes that got no rate at all since the last successful one (docs/features/rates-say-how-old-they-are.md). */
  failingSince: string | null;
  heldMoves: HeldRateMove[];
};

/** Whether live rates are on, and how the last refresh went; a field that does not read takes its default. */
const refreshStateSetting: SettingDefinition<StoredState> = {
  key: STATE_KEY,
  schema: z.object({
    enabled: z.boolean().catch(false),
    lastRefreshAt: z.string().nullable().catch(null),
    lastError: z.string().nullable().catch(null),
    lastSuccessAt: z.string().nullable().catch(null),
    failingSince: z.string().nullable().catch(null),
    heldMoves: z.array(heldRateMoveSchema).catch([]),
  }),
  fallback: {
    enabled: false,
    lastRefreshAt: null,
    lastError: null,
    lastSuccessAt: null,
    failingSince: null,
    heldMoves: [],
  },
};

const readState = (db: Db) => readSetting(db, refreshStateSetting);

/** Since when every refresh has failed (null while refreshes succeed): the public currency list carries it. */
export async function readRefreshFailingSince(db: Db): Promise<string | null> {
  return (await readState(db)).failingSince;
}

export async function getRefreshState({ db, provider }: { db: Db; provider: RateProvider }): Promise<RateRefreshState> {
  const state = await readState(db);
  return { ...state, provider: provider.name, intervalSeconds: REFRESH_INTERVAL_SECONDS };
}

/** Whether live rates are on and a refresh is due (at most one per REFRESH_INTERVAL_SECONDS). */
export async function isRefreshDue(db: Db, now = Date.now()): Promise<boolean> {
  const state = await readState(db);
  if (!state.enabled) return false;
  return !state.lastRefreshAt || now - new Date(state.lastRefreshAt).getTime() >= REFRESH_INTERVAL_SECONDS * 1000;
}

/** "Get the Latest" / "Stop the Latest": persisted, so every server instance and restart agrees. */
export async function setRefreshEnabled({
  db,
  provider,
  enabled,
  actor,
  requestId,
}: {
  db: Db;
  provider: RateProvider;
  enabled: boolean;
  actor: AuditActor;
  requestId?: string;
}): Promise<RateRefreshState> {
  const before = await readState(db);
  const after = { ...before, enabled };
  await db.transaction(async (tx) => {
    await writeSetting(tx, refreshStateSetting, after);
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: enabled ? "rates.live_on" : "rates.live_off",
      entityType: "setting",
      entityId: STATE_KEY,
      before: { enabled: before.enabled },
      after: { enabled },
    });
    // Switched on: the instance running the live-rates job refreshes at once, not at its next look.
    if (enabled) await notify(tx, channels.liveRates);
  });
  return { ...after, provider: provider.name, intervalSeconds: REFRESH_INTERVAL_SECONDS };
}

/** Fetches every currency's market rate and stores what changed, with its history. */
export async function refreshAllRates({
  db,
  provider,
  log,
}: {
  db: Db;
  provider: RateProvider;
  log: FastifyBaseLogger;
}) {
  const rows = await db
    .select({ code: currencies.code, rate: currencies.rate })
    .from(currencies)
    .where(eq(currencies.active, true));
  let updated = 0;
  // Rates the provider gave (applied, unchanged or held): none at all means the refresh failed.
  let answered = 0;
  const failures: string[] = [];
  const held: HeldRateMove[] = [];
  for (const row of rows) {
    try {
      const quote = await provider.getRate(row.code);
      answered++;
      if (isSuspiciousRateMove(row.rate, quote.rate)) {
        const move = {
          code: row.code,
          currentRate: row.rate,
          providerRate: quote.rate,
          source: quote.source,
          at: new Date().toISOString(),
        };
        held.push(move);
        await writeAudit(db, {
          actorId: null,
          actorEmail: null,
          action: "rates.move_held",
          entityType: "currency",
          entityId: row.code,
          before: { rate: row.rate },
          after: { rate: quote.rate, source: quote.source },
        });
        continue;
      }
      const changed = Number(quote.rate) !== Number(row.rate);
      await db.transaction(async (tx) => {
        await tx
          .update(currencies)
          .set({ rate: quote.rate, source: quote.source, ratesAsOf: quote.asOf, updatedAt: sql`now()` })
          .where(eq(currencies.code, row.code));
        // History keeps every change of rate (not every identical reading).
        if (changed) await recordCurrentRate(tx, row.code);
      });
      if (changed) updated++;
    } catch (error) {
      failures.push(`${row.code}: ${error instanceof Error ? error.message : "failed"}`);
      // The service is down or refuses our key: the other currencies would fail the same way.
      if (error instanceof RateProviderError && error.kind !== "no_rate") break;
    }
  }
  const state = await readState(db);
  const at = new Date().toISOString();
  const failed = rows.length > 0 && answered === 0;
  await writeSetting(db, refreshStateSetting, {
    ...state,
    // The latest reading decides: a move that has settled back within the limit is no longer held.
    heldMoves: held,
    lastRefreshAt: at,
    lastSuccessAt: failed ? state.lastSuccessAt : at,
    // A failing streak keeps its start; one successful refresh ends it (and any pause of quotes).
    failingSince: failed ? (state.failingSince ?? at) : null,
    lastError:
      failures.length > 0 ? `${failures.length} of ${rows.length} failed (${failures.slice(0, 3).join("; ")})` : null,
  });
  if (failures.length > 0) log.warn({ failures: failures.length }, "some rates could not be refreshed");
  if (held.length > 0) {
    log.warn({ held: held.map((move) => move.code) }, "provider rates moved more than 10%: held for staff to confirm");
  }
  return { checked: rows.length, updated, failed: failures.length, held: held.length };
}

/** Staff confirm a held provider rate: it is applied (with its history) and audited. */
export async function confirmHeldRateMove({
  db,
  code,
  actor,
  requestId,
}: {
  db: Db;
  code: string;
  actor: AuditActor;
  requestId?: string;
}): Promise<{ code: string; rate: string }> {
  const state = await readState(db);
  const move = state.heldMoves.find((held) => held.code === code);
  if (!move) throw new AppError("not_found", "No rate of this currency is waiting for confirmation.");
  await db.transaction(async (tx) => {
    await tx
      .update(currencies)
      .set({ rate: move.providerRate, source: move.source, ratesAsOf: new Date(move.at), updatedAt: sql`now()` })
      .where(eq(currencies.code, code));
    await recordCurrentRate(tx, code);
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "rates.move_confirmed",
      entityType: "currency",
      entityId: code,
      before: { rate: move.currentRate },
      after: { rate: move.providerRate, source: move.source },
    });
  });
  await writeSetting(db, refreshStateSetting, {
    ...(await readState(db)),
    heldMoves: state.heldMoves.filter((held) => held.code !== code),
  });
  return { code, rate: move.providerRate };
}
