import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { RateRefreshState } from "@bureau/domain/contracts/dashboard";
import type { Db } from "../../db/client.ts";
import { currencies, rateHistory, settings } from "../../db/schema.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { type RateProvider, RateProviderError } from "./rate-provider.ts";

const STATE_KEY = "rate_refresh";
const LEASE_KEY = "rate_refresh_lease";
export const REFRESH_INTERVAL_SECONDS = 60;

type StoredState = { enabled: boolean; lastRefreshAt: string | null; lastError: string | null };

async function readState(db: Db): Promise<StoredState> {
  const [row] = await db.select().from(settings).where(eq(settings.key, STATE_KEY));
  const value = (row?.value ?? {}) as Partial<StoredState>;
  return {
    enabled: value.enabled === true,
    lastRefreshAt: value.lastRefreshAt ?? null,
    lastError: value.lastError ?? null,
  };
}

async function writeState(db: Db, state: StoredState) {
  await db
    .insert(settings)
    .values({ key: STATE_KEY, value: state })
    .onConflictDoUpdate({ target: settings.key, set: { value: state, updatedAt: sql`now()` } });
}

export async function getRefreshState({ db, provider }: { db: Db; provider: RateProvider }): Promise<RateRefreshState> {
  const state = await readState(db);
  return { ...state, provider: provider.name, intervalSeconds: REFRESH_INTERVAL_SECONDS };
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
    await tx
      .insert(settings)
      .values({ key: STATE_KEY, value: after })
      .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedAt: sql`now()` } });
    await writeAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: enabled ? "rates.live_on" : "rates.live_off",
      entityType: "setting",
      entityId: STATE_KEY,
      before: { enabled: before.enabled },
      after: { enabled },
      requestId: requestId ?? null,
    });
  });
  return { ...after, provider: provider.name, intervalSeconds: REFRESH_INTERVAL_SECONDS };
}

/**
 * Takes (or renews) the refresh lease for `holder`. Only the holder refreshes, so with several
 * server instances there is one runner; a crashed holder's lease runs out and another takes over.
 */
export async function acquireRefreshLease(db: Db, holder: string, seconds: number): Promise<boolean> {
  await db
    .insert(settings)
    .values({ key: LEASE_KEY, value: { holder: null, until: new Date(0).toISOString() } })
    .onConflictDoNothing();
  const until = new Date(Date.now() + seconds * 1000).toISOString();
  const result = await db.execute(sql`
    update settings set value = jsonb_build_object('holder', ${holder}::text, 'until', ${until}::text), updated_at = now()
    where key = ${LEASE_KEY} and ((value->>'until')::timestamptz < now() or value->>'holder' = ${holder})
    returning key`);
  return (result as unknown as { rows: unknown[] }).rows.length === 1;
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
  const failures: string[] = [];
  for (const row of rows) {
    try {
      const quote = await provider.getRate(row.code);
      const changed = Number(quote.rate) !== Number(row.rate);
      await db.transaction(async (tx) => {
        await tx
          .update(currencies)
          .set({ rate: quote.rate, source: quote.source, ratesAsOf: quote.asOf, updatedAt: sql`now()` })
          .where(eq(currencies.code, row.code));
        // History keeps every change of rate (not every identical reading).
        if (changed)
          await tx.insert(rateHistory).values({ currencyCode: row.code, rate: quote.rate, source: quote.source });
      });
      if (changed) updated++;
    } catch (error) {
      failures.push(`${row.code}: ${error instanceof Error ? error.message : "failed"}`);
      // The service is down or refuses our key: the other currencies would fail the same way.
      if (error instanceof RateProviderError && error.kind !== "no_rate") break;
    }
  }
  const state = await readState(db);
  await writeState(db, {
    ...state,
    lastRefreshAt: new Date().toISOString(),
    lastError:
      failures.length > 0 ? `${failures.length} of ${rows.length} failed (${failures.slice(0, 3).join("; ")})` : null,
  });
  if (failures.length > 0) log.warn({ failures: failures.length }, "some rates could not be refreshed");
  return { checked: rows.length, updated, failed: failures.length };
}

/** The background job: refreshes while the toggle is on and this instance holds the lease. */
export function createRateRefreshJob({
  db,
  provider,
  log,
  onRefreshed,
  tickMs = 10_000,
}: {
  db: Db;
  provider: RateProvider;
  log: FastifyBaseLogger;
  onRefreshed?: () => void;
  tickMs?: number;
}) {
  const holder = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function tick() {
    const state = await readState(db);
    if (!state.enabled) return;
    const due =
      !state.lastRefreshAt || Date.now() - new Date(state.lastRefreshAt).getTime() >= REFRESH_INTERVAL_SECONDS * 1000;
    if (!due) return;
    if (!(await acquireRefreshLease(db, holder, REFRESH_INTERVAL_SECONDS * 2))) return;
    const result = await refreshAllRates({ db, provider, log });
    log.info(result, "rates refreshed");
    onRefreshed?.();
  }

  return {
    tick: () => {
      running ??= tick()
        .catch((error) => log.error({ err: error }, "rate refresh failed"))
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    start() {
      timer = setInterval(() => void this.tick(), tickMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
