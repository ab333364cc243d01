/** A number of notes of one denomination (minor units). */
export type NoteCount = { valueMinor: number; count: number };

export type NoteSplit = {
  /** The notes to hand over, largest first; denominations not used are left out. */
  notes: NoteCount[];
  /** What the notes add up to: the amount itself when `exact`, else the nearest amount below it that they can pay. */
  totalMinor: number;
  exact: boolean;
};

/** Beyond this many steps of the smallest common unit the split stays plain greedy (never met at order sizes). */
const MAX_UNITS = 2_000_000;

/**
 * Splits an amount into the largest available notes. Greedy, largest note first, taking as many of
 * each as fit; when the available counts make plain greedy miss (60 from one 50 and three 20s: greedy
 * takes the 50 and is stuck at 50), each denomination takes the most notes that still let the smaller
 * ones make up the best reachable amount. So the split adds up exactly whenever any combination of the
 * available notes can, and otherwise to the nearest amount below that any combination can pay, always
 * with the largest notes such a total allows. Counts may be Infinity (what the denominations could pay
 * with unlimited notes).
 */
export function splitIntoNotes(amountMinor: number, available: readonly NoteCount[]): NoteSplit {
  const target = Math.max(0, Math.floor(amountMinor));
  const byValue = new Map<number, number>();
  for (const { valueMinor, count } of available) {
    if (!(valueMinor > 0) || !Number.isSafeInteger(valueMinor) || !(count > 0)) continue;
    byValue.set(valueMinor, (byValue.get(valueMinor) ?? 0) + Math.floor(count));
  }
  const notes = [...byValue.entries()]
    .map(([valueMinor, count]) => ({ valueMinor, count: Math.min(count, Math.floor(target / valueMinor)) }))
    .filter((note) => note.count > 0)
    .sort((a, b) => b.valueMinor - a.valueMinor);

  const greedy = take(notes, target);
  const unit = notes.reduce((g, note) => gcd(g, note.valueMinor), 0);
  const availableTotal = notes.reduce((sum, note) => sum + note.valueMinor * note.count, 0);
  const bound = unit === 0 ? 0 : Math.floor(Math.min(target, availableTotal) / unit) * unit;
  if (greedy.totalMinor === bound || bound / unit > MAX_UNITS) return greedy;

  // reach[i][u]: whether u units can be paid with the notes i.. (the smaller ones) alone.
  const units = bound / unit;
  const reach: Uint8Array[] = new Array(notes.length + 1);
  reach[notes.length] = new Uint8Array(units + 1);
  reach[notes.length]![0] = 1;
  const used = new Uint32Array(units + 1);
  for (let i = notes.length - 1; i >= 0; i--) {
    const step = notes[i]!.valueMinor / unit;
    const limit = notes[i]!.count;
    const previous = reach[i + 1]!;
    const current = new Uint8Array(units + 1);
    for (let u = 0; u <= units; u++) {
      if (previous[u]) {
        current[u] = 1;
        used[u] = 0;
      } else if (u >= step && current[u - step] && used[u - step]! < limit) {
        current[u] = 1;
        used[u] = used[u - step]! + 1;
      }
    }
    reach[i] = current;
  }
  let best = units;
  while (best > 0 && !reach[0]![best]) best--;
  const chosen: NoteCount[] = [];
  let rest = best;
  notes.forEach((note, i) => {
    const step = note.valueMinor / unit;
    let k = Math.min(note.count, Math.floor(rest / step));
    while (k > 0 && !reach[i + 1]![rest - k * step]) k--;
    if (k > 0) chosen.push({ valueMinor: note.valueMinor, count: k });
    rest -= k * step;
  });
  const totalMinor = best * unit;
  return { notes: chosen, totalMinor, exact: totalMinor === target };
}

/** Plain greedy: as many of each note as fit, largest first. */
function take(notes: readonly NoteCount[], target: number): NoteSplit {
  const chosen: NoteCount[] = [];
  let rest = target;
  for (const note of notes) {
    const k = Math.min(note.count, Math.floor(rest / note.valueMinor));
    if (k > 0) chosen.push({ valueMinor: note.valueMinor, count: k });
    rest -= k * note.valueMinor;
  }
  return { notes: chosen, totalMinor: target - rest, exact: rest === 0 };
}

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y) [x, y] = [y, x % y];
  return x;
}
