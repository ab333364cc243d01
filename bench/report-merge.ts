/**
 * bench/report.md is written section by section: a run of some parts (BENCH_ONLY) replaces their
 * headline line and their section in place and keeps every other part's from earlier runs, notes
 * included. A part is recognised by the start of its headline line and of its section's heading.
 */
export type ReportPart = { headlinePrefix: string; headingPrefix: string; headline: string; section: string };

const HEADLINE_HEADING = "## Headline figures";

/** Old items in order, each one a part that ran replaced by the part's fresh item; new parts last. */
function replaceInPlace(
  old: string[],
  parts: ReportPart[],
  matches: (item: string, part: ReportPart) => boolean,
  fresh: (part: ReportPart) => string,
) {
  const used = new Set<ReportPart>();
  const merged = old.map((item) => {
    const part = parts.find((candidate) => matches(item, candidate));
    if (!part) return item;
    used.add(part);
    return fresh(part);
  });
  return [...merged, ...parts.filter((part) => !used.has(part)).map(fresh)];
}

export function mergeReport({
  previous,
  intro,
  parts,
  partial,
}: {
  /** The report as it stands (empty when there is none). */
  previous: string;
  /** The line under the title for a full run. */
  intro: string;
  parts: ReportPart[];
  /** Only some parts ran: the other parts and the intro of the last full run stay. */
  partial: boolean;
}): string {
  const blocks = partial ? previous.split(/\n(?=## )/) : [];
  const oldIntro = blocks[0]?.startsWith("# ") ? blocks[0].split("\n").slice(1).join("\n").trim() : "";
  const oldHeadlines = (blocks.find((block) => block.startsWith(HEADLINE_HEADING)) ?? "")
    .split("\n")
    .filter((line) => line.startsWith("- "));
  const oldSections = blocks
    .filter((block) => block.startsWith("## ") && !block.startsWith(HEADLINE_HEADING))
    .map((block) => block.trim());
  const headlines = replaceInPlace(
    oldHeadlines,
    parts,
    (line, part) => line.startsWith(`- ${part.headlinePrefix}`),
    (part) => `- ${part.headline}`,
  );
  const sections = replaceInPlace(
    oldSections,
    parts,
    (block, part) => block.startsWith(part.headingPrefix),
    (part) => part.section,
  );
  return [
    "# Benchmark report",
    oldIntro || intro,
    [HEADLINE_HEADING, "", ...headlines].join("\n"),
    ...sections,
    "",
  ].join("\n\n");
}
