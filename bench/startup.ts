import { startProduct } from "./servers.ts";
import { median } from "./statistics.ts";

export type StartupResult = { firstStartMs: number; restartsMs: number[]; medianRestartMs: number };

/**
 * The time from starting the product (`node apps/server/src/main.ts`, what `npm start` runs once the
 * web app is built) to its first answered request, on an existing data directory: the first start
 * creates and seeds the embedded database, then each restart reuses it.
 */
export async function benchStartup({ restarts = 5 } = {}): Promise<StartupResult> {
  const first = await startProduct({ DATABASE_URL: "" });
  await first.stop();
  const restartsMs: number[] = [];
  for (let i = 0; i < restarts; i++) {
    const again = await startProduct({ DATABASE_URL: "" }, { dataDir: first.dataDir });
    restartsMs.push(again.startedInMs);
    await again.stop();
  }
  return {
    firstStartMs: first.startedInMs,
    restartsMs,
    medianRestartMs: restartsMs.length > 0 ? median(restartsMs) : 0,
  };
}
