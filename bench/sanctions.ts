// Sanctions screening (BENCH_ONLY=sanctions): 10,000 customer names screened against a UK Sanctions List
// of 5,000 designations (a third with an alias) in its published CSV layout, through the product's parser,
// index and scorer (packages/domain), beside the baseline of scoring every list name for each customer
// name (measured on a sample and scaled). Names are made up from syllables by a seeded generator; one
// customer name in a hundred is a list name written otherwise (reordered, accented, one letter changed).
import { loadavg } from "node:os";
import { nameSimilarity, normaliseName, SanctionsIndex } from "@bureau/domain/sanctions-screening";
import { parseUkSanctionsList } from "@bureau/domain/uk-sanctions-list";

const SYLLABLES = [
  "ka",
  "ri",
  "mo",
  "de",
  "sa",
  "lu",
  "ve",
  "tor",
  "an",
  "el",
  "pe",
  "nik",
  "os",
  "ya",
  "gor",
  "li",
  "zan",
  "ber",
  "chi",
  "ho",
  "ma",
  "ru",
  "sten",
  "vi",
  "ol",
  "dra",
  "ne",
  "fa",
  "qu",
  "is",
  "bu",
  "jo",
  "wen",
  "tsu",
  "gha",
  "mir",
  "ul",
  "ke",
  "xi",
  "po",
  "sha",
  "dun",
  "ib",
  "ro",
  "che",
  "lin",
  "wa",
  "eg",
  "zu",
  "tha",
  "om",
  "fer",
  "gi",
  "yul",
  "bra",
  "ce",
  "hu",
  "oz",
  "ta",
  "dim",
];

function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function benchSanctions({ entries = 5_000, names = 10_000, threshold = 0.93 } = {}) {
  const random = generator(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const word = () => {
    const n = 2 + Math.floor(random() * 2);
    let w = "";
    for (let i = 0; i < n; i++) w += pick(SYLLABLES);
    return w;
  };
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  const header =
    "Last Updated,Unique ID,OFSI Group ID,UN Reference Number,Name 6,Name 1,Name 2,Name 3,Name 4,Name 5,Name type,Alias strength,Title,Name non-latin script,Non-latin script type,Non-latin script language,Regime Name,Designation Type";
  const lines = ["Report Date: 21-Nov-2026", header];
  const people: { first: string; last: string }[] = [];
  for (let i = 0; i < entries; i++) {
    const first = cap(word());
    const last = word().toUpperCase();
    people.push({ first, last });
    const id = `BEN${String(i).padStart(5, "0")}`;
    lines.push(`01/11/2026,${id},${90000 + i},,${last},${first},,,,,Primary Name,,,,,,Russia,Individual`);
    if (i % 3 === 0)
      lines.push(
        `01/11/2026,${id},${90000 + i},,"${cap(word())} ${word().toUpperCase()}",,,,,,Alias,,,,,,Russia,Individual`,
      );
  }
  const csv = lines.join("\r\n");
  const customers: string[] = [];
  for (let i = 0; i < names; i++) {
    if (i % 100 === 0) {
      const p = pick(people);
      const variants = [
        `${p.last} ${p.first}`,
        `${p.first.replace(/a/, "á")} ${p.last}`,
        `${p.first} ${p.last.slice(0, -1)}x`,
      ];
      customers.push(pick(variants));
    } else customers.push(`${cap(word())} ${cap(word())}`);
  }

  let t = performance.now();
  const parsed = parseUkSanctionsList(csv);
  const parseMs = performance.now() - t;
  t = performance.now();
  const index = new SanctionsIndex(parsed.names);
  const indexMs = performance.now() - t;
  t = performance.now();
  let matches = 0;
  for (const name of customers) if (index.screen(name, threshold).result === "match") matches++;
  const screenMs = performance.now() - t;

  // Baseline: every list name scored for each customer name (a sample of 200, scaled to all).
  const sample = customers.slice(0, 200);
  const listTokens = parsed.names.map((n) => normaliseName(n.name));
  t = performance.now();
  for (const name of sample) {
    const tokens = normaliseName(name);
    let best = 0;
    for (const other of listTokens) best = Math.max(best, nameSimilarity(tokens, other));
  }
  const bruteForceMs = ((performance.now() - t) / sample.length) * customers.length;

  return {
    entries: parsed.entryCount,
    listNames: parsed.names.length,
    customers: customers.length,
    planted: Math.ceil(names / 100),
    matches,
    parseMs,
    indexMs,
    screenMs,
    bruteForceMs,
    threshold,
    loadAverage: loadavg()
      .map((n) => n.toFixed(1))
      .join(" "),
  };
}
