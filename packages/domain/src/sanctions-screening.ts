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
 * toolkit, or are unmaintained single-function packages; sanctions-screening.test.ts pins its textbook values.
 *
 * Screening many names against one list goes through `SanctionsIndex` (see its comment): only list names
 * holding a token as alike as the threshold are scored in full.
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

// Reused by every call (screening is synchronous): no allocation per comparison.
let matchedA = new Uint8Array(64);
let matchedB = new Uint8Array(64);

/** Jaro-Winkler similarity of two strings (0..1), prefix scale 0.1 over at most 4 characters. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  if (la > matchedA.length || lb > matchedB.length) {
    matchedA = new Uint8Array(Math.max(la, lb) * 2);
    matchedB = new Uint8Array(Math.max(la, lb) * 2);
  }
  const aMatched = matchedA;
  const bMatched = matchedB;
  aMatched.fill(0, 0, la);
  bMatched.fill(0, 0, lb);
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

/**
 * The names of one list version, ready for screening. A name can only reach a score t if one of its tokens
 * reaches t against a token of the screened name (the score is a mean of best pairings). So the index
 * keeps the list's distinct tokens, grouped by their first letter with the second and with the third
 * (blockKeys), with the names each occurs in: a screening compares each of its tokens with the list tokens
 * of its groups (Jaro-Winkler, remembered per token), and scores in full only the names holding a token at
 * least as alike as the threshold (the score of a name no candidate's, 0, is below the threshold anyway;
 * a clear screening's score is that of its closest candidate, or 0). A list name none of whose tokens shares a group
 * with a close token of the screened name is not found: every token would need a different first letter,
 * or both its second and third letters changed ("Yuri Ivanov" still meets "Iouri IVANOV" by the surname).
 */
export class SanctionsIndex {
  private readonly names: { entry: SanctionsName; tokens: string[] }[] = [];
  private readonly namesOfToken = new Map<string, number[]>();
  private readonly tokensByKey = new Map<string, string[]>();
  private readonly maskOf = new Map<string, number>();
  private closeCache = new Map<string, [string, number][]>();
  private cacheCut = -1;

  constructor(names: Iterable<SanctionsName>) {
    for (const entry of names) {
      const tokens = normaliseName(entry.name);
      if (tokens.length === 0) continue;
      const at = this.names.push({ entry, tokens }) - 1;
      for (const token of new Set(tokens)) {
        const list = this.namesOfToken.get(token);
        if (list) {
          list.push(at);
          continue;
        }
        this.namesOfToken.set(token, [at]);
        this.maskOf.set(token, letterMask(token));
        for (const key of blockKeys(token)) {
          const group = this.tokensByKey.get(key);
          if (group) group.push(token);
          else this.tokensByKey.set(key, [token]);
        }
      }
    }
  }

  get size(): number {
    return this.names.length;
  }

  screen(name: string, threshold: number): ScreeningOutcome {
    const tokens = normaliseName(name);
    const cut = threshold;
    if (cut !== this.cacheCut || this.closeCache.size > 100_000) {
      this.closeCache = new Map();
      this.cacheCut = cut;
    }
    const candidates = new Set<number>();
    for (const token of new Set(tokens)) {
      for (const [close] of this.closeTokens(token, cut)) {
        for (const at of this.namesOfToken.get(close)!) candidates.add(at);
      }
    }
    let best: SanctionsName | null = null;
    let score = 0;
    for (const at of candidates) {
      const candidate = this.names[at]!;
      const s = nameSimilarity(tokens, candidate.tokens);
      if (s > score) {
        score = s;
        best = candidate.entry;
      }
    }
    // Three decimals are what is stored and shown; the result follows the stored figure.
    const rounded = Math.round(score * 1000) / 1000;
    return { score: rounded, result: best && rounded >= threshold ? "match" : "clear", best };
  }

  /** The list tokens of the same first letter at least `cut` alike to `token` (remembered per token). */
  private closeTokens(token: string, cut: number): [string, number][] {
    const cached = this.closeCache.get(token);
    if (cached) return cached;
    const found: [string, number][] = [];
    // Jaro-Winkler is at most 0.6 × Jaro + 0.4, and Jaro at most (2 + shorter/longer) / 3: lengths too
    // far apart cannot reach the cut.
    const minRatio = (3 * (cut - 0.4)) / 0.6 - 2;
    // The same bound on the matching letters: a letter of one token that the other lacks is unmatched.
    const minJaroSum = (3 * (cut - 0.4)) / 0.6 - 1;
    const mask = letterMask(token);
    const seen = new Set<string>();
    for (const other of blockKeys(token).flatMap((key) => this.tokensByKey.get(key) ?? [])) {
      if (seen.has(other)) continue;
      seen.add(other);
      const ratio = token.length < other.length ? token.length / other.length : other.length / token.length;
      if (ratio < minRatio) continue;
      const otherMask = this.maskOf.get(other)!;
      const m = Math.min(token.length - bitCount(mask & ~otherMask), other.length - bitCount(otherMask & ~mask));
      if (m / token.length + m / other.length < minJaroSum) continue;
      const s = jaroWinkler(token, other);
      if (s >= cut) found.push([other, s]);
    }
    this.closeCache.set(token, found);
    return found;
  }
}

/**
 * The groups a token is compared within: its first letter with its second, and its first letter with its
 * third, in one namespace (so one changed, missing or swapped letter after the first still meets:
 * "ivan" ~ "iwan" ~ "iavn" ~ "ivn").
 */
function blockKeys(token: string): string[] {
  if (token.length < 3) return [token];
  return [token.slice(0, 2), token[0]! + token[2]!];
}

/** The letters of a token as bits (character code mod 32: two letters may share a bit, never miss one). */
function letterMask(token: string): number {
  let mask = 0;
  for (let i = 0; i < token.length; i++) mask |= 1 << (token.charCodeAt(i) & 31);
  return mask;
}

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The hold reason of a sanctions match (issue 15 item 4): the list entry staff check the customer against.
 * The list version is left out, so a later list that matches the same entry again does not hold an order
 * staff have already cleared for it.
 */
export function sanctionsHoldReason(match: { entryId: string; name: string; score: number }): string {
  return (
    `Sanctions screening: the customer's name matches "${match.name}", UK Sanctions List entry ${match.entryId} ` +
    `(score ${match.score.toFixed(3)}). Check the customer against the designation before the order proceeds.`
  );
}
