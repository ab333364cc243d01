/**
 * Sanctions screening of a customer's name against the UK Sanctions List (issue 15 item 4).
 *
 * A name is normalised to tokens: NFKD with the combining marks dropped (é → e), a small map for the
 * letters NFKD does not decompose (ß → ss, ø → o, æ → ae, ł → l, …), lower case, every character that
 * is not a letter or digit a separator (so "O'Neil" and "O Neil" meet, and hyphens split double names).
 * Two names are compared as sets of tokens, so the order of the tokens does not matter: each token is
 * paired with its most similar token on the other side by Jaro-Winkler, and the score is the mean of
 * those best pairings (0: nothing alike, 1: the same tokens; see nameSimilarity for which side counts).
 * Jaro-Winkler is ours (a few lines, well known): the npm packages that have it bring a whole NLP
 * toolkit, or are unmaintained single-function packages; the tests below pin its textbook values.
 *
 * Screening many names against one list goes through `SanctionsIndex`: names are grouped by the first
 * two letters of each token, and a query scores only the list names that share such a prefix with one
 * of its tokens (a typo in the first two letters of every token is the miss this allows).
 */

const TRANSLITERATE: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  ø: "o",
  Ø: "o",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ł: "l",
  Ł: "l",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  þ: "th",
  Þ: "th",
  ı: "i",
  ŀ: "l",
  Ŀ: "l",
};

/** The tokens a name is compared by (see the file's comment). Empty when the name has no letter or digit. */
export function normaliseName(name: string): string[] {
  const folded = name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßẞøØæÆœŒłŁđĐðÐþÞıŀĿ]/g, (ch) => TRANSLITERATE[ch] ?? ch)
    .toLowerCase();
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Jaro-Winkler similarity of two strings (0..1), prefix scale 0.1 over at most 4 characters. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aMatched = new Uint8Array(la);
  const bMatched = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (bMatched[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      aMatched[i] = 1;
      bMatched[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * Token-set similarity of two normalised names (0..1), independent of the tokens' order. Where one name
 * has fewer tokens (at least two), it is scored by its own tokens alone, so "Ivan Petrov" meets
 * "Ivan Sergeyevich Petrov" fully (customers seldom give middle names; the list often has them); with as
 * many tokens on both sides, or a one-token name, every token of both sides counts.
 */
export function nameSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [fewer, more] = a.length <= b.length ? [a, b] : [b, a];
  if (fewer.length >= 2 && fewer.length < more.length) return meanBestPairing(fewer, more);
  return (meanBestPairing(a, b) * a.length + meanBestPairing(b, a) * b.length) / (a.length + b.length);
}

function meanBestPairing(tokens: readonly string[], others: readonly string[]): number {
  let sum = 0;
  for (const token of tokens) sum += bestPairing(token, others);
  return sum / tokens.length;
}

function bestPairing(token: string, others: readonly string[]): number {
  let best = 0;
  for (const other of others) {
    const s = jaroWinkler(token, other);
    if (s > best) {
      best = s;
      if (best === 1) break;
    }
  }
  return best;
}

/**
 * The default score at or above which a screening is a match (config SANCTIONS_MATCH_THRESHOLD; decision
 * 018): one typo in a name ("Ivan Petrof" 0.967) or a variant ending ("Ivana Petrovska" 0.947) matches,
 * a different surname sharing its start ("Ivan Peters" 0.922) does not.
 */
export const DEFAULT_SANCTIONS_MATCH_THRESHOLD = 0.93;

/** One name of a list entry (an entry has its primary name and its aliases, each a name here). */
export type SanctionsName = { entryId: string; name: string };

export type ScreeningOutcome = {
  /** The best score found (0 when no list name shares a token prefix with the screened name). */
  score: number;
  result: "match" | "clear";
  /** The list name that scored best (null when nothing was a candidate). */
  best: SanctionsName | null;
};

/** The names of one list version, grouped for screening (see the file's comment). */
export class SanctionsIndex {
  private readonly names: { entry: SanctionsName; tokens: string[] }[] = [];
  private readonly byPrefix = new Map<string, number[]>();

  constructor(names: Iterable<SanctionsName>) {
    for (const entry of names) {
      const tokens = normaliseName(entry.name);
      if (tokens.length === 0) continue;
      const at = this.names.push({ entry, tokens }) - 1;
      for (const key of new Set(tokens.map(prefixOf))) {
        const list = this.byPrefix.get(key);
        if (list) list.push(at);
        else this.byPrefix.set(key, [at]);
      }
    }
  }

  get size(): number {
    return this.names.length;
  }

  screen(name: string, threshold: number): ScreeningOutcome {
    const tokens = normaliseName(name);
    const seen = new Set<number>();
    let best: SanctionsName | null = null;
    let score = 0;
    for (const key of new Set(tokens.map(prefixOf))) {
      for (const at of this.byPrefix.get(key) ?? []) {
        if (seen.has(at)) continue;
        seen.add(at);
        const candidate = this.names[at]!;
        const s = nameSimilarity(tokens, candidate.tokens);
        if (s > score) {
          score = s;
          best = candidate.entry;
        }
      }
    }
    // Three decimals are what is stored and shown; the result follows the stored figure.
    const rounded = Math.round(score * 1000) / 1000;
    return { score: rounded, result: best && rounded >= threshold ? "match" : "clear", best };
  }
}

function prefixOf(token: string): string {
  return token.slice(0, 2);
}
