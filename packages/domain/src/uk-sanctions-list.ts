/**
 * The FCDO's UK Sanctions List in its published CSV format ("UK_Sanctions_List.csv"): a first line
 * "Report Date: <date>", then a header row, then one row per name of a designation: the designation's
 * "Unique ID" repeats on the rows of its primary name, its primary name variations and its aliases
 * ("Name type"). A name is "Name 1" to "Name 5" (forenames) then "Name 6" (surname, or the whole name
 * of an entity or ship). The designation's kind is in "Designation Type" (older files: "Individual,
 * Entity, Ship"). Fields are RFC 4180: quoted where they hold commas, quotes or line breaks.
 */

export class SanctionsListFormatError extends Error {}

/** The largest list file an upload takes (the published list is a few megabytes). */
export const SANCTIONS_LIST_MAX_BYTES = 32 * 1024 * 1024;
export const SANCTIONS_LIST_TOO_LARGE_MESSAGE = "The list file must be 32 MB or smaller.";

export type SanctionsListName = {
  entryId: string;
  name: string;
  nameType: string;
  designationType: string;
  regime: string;
};

export type ParsedSanctionsList = {
  /** The list's report date as the file writes it, else the latest "Last Updated" of its rows. */
  version: string;
  names: SanctionsListName[];
  entryCount: number;
};

const NAME_COLUMNS = ["Name 1", "Name 2", "Name 3", "Name 4", "Name 5", "Name 6"] as const;
const REQUIRED = ["Unique ID", ...NAME_COLUMNS, "Name type", "Regime Name"] as const;
const KIND_COLUMNS = ["Designation Type", "Individual, Entity, Ship"] as const;

/** Splits CSV text into rows of fields (RFC 4180; CRLF or LF; a leading byte-order mark is dropped). */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (quoted) throw new SanctionsListFormatError("The file ends inside a quoted field.");
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ""));
}

export function parseUkSanctionsList(text: string): ParsedSanctionsList {
  const rows = parseCsvRows(text);
  let at = 0;
  let reportDate: string | null = null;
  const first = rows[0]?.[0]?.trim() ?? "";
  const report = /^Report Date:\s*(.+)$/i.exec(first);
  if (report) {
    reportDate = report[1]!.trim();
    at = 1;
  }
  const header = rows[at]?.map((h) => h.trim());
  if (!header) throw new SanctionsListFormatError("The file is empty.");
  const column = new Map(header.map((name, index) => [name, index]));
  const missing = REQUIRED.filter((name) => !column.has(name));
  const kindColumn = KIND_COLUMNS.find((name) => column.has(name));
  if (missing.length > 0 || !kindColumn) {
    const absent = [...missing, ...(kindColumn ? [] : ["Designation Type"])];
    throw new SanctionsListFormatError(
      `This is not the UK Sanctions List CSV: the header row lacks ${absent.map((c) => `"${c}"`).join(", ")}.`,
    );
  }
  const get = (row: string[], name: string) => (row[column.get(name) ?? -1] ?? "").trim();
  const names: SanctionsListName[] = [];
  const entries = new Set<string>();
  let latestUpdate: { key: string; text: string } | null = null;
  for (let r = at + 1; r < rows.length; r++) {
    const row = rows[r]!;
    const line = r + 1;
    const entryId = get(row, "Unique ID");
    if (!entryId) throw new SanctionsListFormatError(`Row ${line} has no Unique ID.`);
    const name = NAME_COLUMNS.map((c) => get(row, c))
      .filter(Boolean)
      .join(" ");
    if (!name) throw new SanctionsListFormatError(`Row ${line} (${entryId}) has no name.`);
    entries.add(entryId);
    names.push({
      entryId,
      name,
      nameType: get(row, "Name type") || "Primary Name",
      designationType: get(row, kindColumn),
      regime: get(row, "Regime Name"),
    });
    const updated = column.has("Last Updated") ? get(row, "Last Updated") : "";
    const key = sortableDay(updated);
    if (key && (!latestUpdate || key > latestUpdate.key)) latestUpdate = { key, text: updated };
  }
  if (names.length === 0) throw new SanctionsListFormatError("The file has no designations.");
  const version = reportDate ?? latestUpdate?.text;
  if (!version) throw new SanctionsListFormatError('The file has neither a "Report Date" nor "Last Updated" dates.');
  return { version, names, entryCount: entries.size };
}

/** dd/mm/yyyy → yyyy-mm-dd (the list's date form), else null. */
function sortableDay(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}
