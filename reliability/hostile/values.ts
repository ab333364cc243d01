// ---------------------------------------------------------------------------------------------
// Hostile values

export const RAW = "\u0001RAW:";
export const RAW_END = "\u0001";
/** A JSON literal that JSON.stringify cannot produce, spliced into the text after stringifying. */
export const rawLiteral = (literal: string) => `${RAW}${literal}${RAW_END}`;
export const PROTO_KEY = "\u0001PROTO\u0001";

export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  "1; SELECT pg_sleep(10)--",
  '" OR ""="',
  "admin'--",
  "1' UNION SELECT null, version()--",
  "%' AND 1=1 --",
  "\\",
  "\\'",
  "$1",
  '{"$gt": ""}',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "<svg/onload=alert(1)>",
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  "${7*7}",
  "<%= 7*7 %>",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "file:///etc/passwd",
  "; cat /etc/passwd",
  "$(id)",
  "`id`",
  "a\r\nSet-Cookie: injected=1",
  "%s%s%s%n",
  "%00",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "0x41",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
];
export const ODD_UNICODE = [
  "\u0000",
  "abc\u0000def",
  "\ud800",
  "\udfff\ud800",
  "\u202eevil\u202c",
  "\u200b\u200c\u200d\ufeff",
  "Z\u0338\u0322\u031ba\u0337l\u0338g\u0335o\u0336",
  "👨‍👩‍👧‍👦".repeat(8),
  "𝕳𝖆𝖗𝖇𝖔𝖚𝖗",
  "ＥＵＲ",
  "ΕUR",
  "EUR\u0301",
  "İı",
  "ß",
  "\u0085\u2028\u2029",
  "\uffff\ufffe",
  "\u0007\u0008\u001b[31m",
  "🇬🇧",
  " ",
  "\t\n",
  "",
];
export const HOSTILE_STRINGS = [...INJECTIONS, ...ODD_UNICODE];
/** Strings hostile *and* harmless in free-text fields of requests made invalid elsewhere. */
export const CARRIERS = HOSTILE_STRINGS.filter((s) => s.trim() !== "");
/** Percent-encodings a browser never sends: NUL, invalid and truncated UTF-8, lone surrogates, stray %. */
export const RAW_ENCODED = [
  "%00",
  "%ED%A0%80",
  "%FF",
  "%C0%AF",
  "%E0%A4%A",
  "%",
  "%%",
  "%zz",
  "%2e%2e%2f",
  "..%2F..%2F",
];
export const LONG_SEGMENTS = ["a".repeat(5_000), "é".repeat(3_000)];

/** Percent-encodes any string, lone surrogates included (as U+FFFD, as UTF-8 does). */
export function encode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pseudo-random, seeded (failures can be replayed with RELIABILITY_SEED)

export function rng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T };
}
