/** The statistics every bench reports, in one place so that two benches' "median" mean the same. */

/** The p-th percentile of ascending values (nearest rank: the smallest value with p% of the values at or below it). */
export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)] as number;
}

/**
 * The median of values in any order: the middle one, or of an even count the upper of the two middle ones
 * (a run that happened, never an average of two). NaN when there are none.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
}
