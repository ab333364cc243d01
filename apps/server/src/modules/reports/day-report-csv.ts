import { WAY_TITLES } from "@bureau/domain/constants";
import type { DayReport } from "@bureau/domain/contracts/reports";
import { ORDER_CHANNEL_LABELS } from "@bureau/domain/counter-trade";
import { minorToMajorString } from "@bureau/domain/money";
import { CSV_BOM, type CsvValue, csvDecimal, csvRow } from "../../lib/csv.ts";

/**
 * The day's report as one CSV file (issue 33 item 5), one figure per record so a spreadsheet can filter
 * and add up any column: each till's figures per currency, then "All tills" (the branch's sum), the
 * orders completed that day and the reversals approved. Amounts in major units as exact decimals
 * ("-12.50"); a note's Amount is its value times its count. Written with the server's one CSV writer
 * (lib/csv.ts: quoting, the byte order mark, typed text defused against formulas).
 */
export const DAY_REPORT_CSV_HEADER = [
  "Date",
  "Branch",
  "Till",
  "Cashier",
  "Status",
  "Currency",
  "Figure",
  "Method",
  "Note",
  "Count",
  "Amount",
  "Detail",
] as const;

const STATUS_TITLES = { open: "Open", awaiting_signoff: "Awaiting sign-off", closed: "Closed" } as const;

type TillCurrency = DayReport["tills"][number]["currencies"][number] | DayReport["tillTotals"][number];
type Row = readonly CsvValue[];

const amount = (minor: number, currency: string) => csvDecimal(minorToMajorString(minor, currency));

/** One currency's figures of a till (or of all of them): `start` gives the first five columns. */
function currencyRows(start: CsvValue[], day: TillCurrency, counted: boolean): Row[] {
  const c = day.currency;
  const row = (figure: string, method: string | null, minor: number): Row => [
    ...start,
    c,
    figure,
    method,
    null,
    null,
    amount(minor, c),
    null,
  ];
  const rows: Row[] = [
    row("Float", null, day.floatMinor),
    row("In", "Cash", day.cash.inMinor),
    row("Out", "Cash", day.cash.outMinor),
    row("In", "Card", day.card.inMinor),
    row("Out", "Card", day.card.outMinor),
    row("Float moved", "Cash", day.floatMovedMinor),
    row("Expected close", null, day.expectedMinor),
  ];
  if (counted && day.countedMinor !== null && day.varianceMinor !== null) {
    rows.push(row("Counted close", null, day.countedMinor), row("Variance", null, day.varianceMinor));
  }
  for (const [figure, notes] of [
    ["Notes out", day.notesOut],
    ["Notes in", day.notesIn],
  ] as const) {
    for (const note of notes) {
      rows.push([
        ...start,
        c,
        figure,
        null,
        amount(note.valueMinor, c),
        note.count,
        amount(note.valueMinor * note.count, c),
        null,
      ]);
    }
  }
  return rows;
}

/** Each till's records, then the branch's sum of them. */
function tillRows(report: DayReport, head: CsvValue[]): Row[] {
  const rows: Row[] = [];
  report.tills.forEach((till, index) => {
    const start = [...head, `Till ${index + 1}`, till.cashierEmail, STATUS_TITLES[till.status]];
    for (const day of till.currencies) rows.push(...currencyRows(start, day, true));
    if (till.signOff) {
      rows.push([
        ...start,
        null,
        "Sign-off",
        null,
        null,
        null,
        null,
        `${till.signOff.by} at ${till.signOff.at}: ${till.signOff.reason}`,
      ]);
    }
  });
  const counted = report.tills.filter((till) => till.countedAt !== null).length;
  const start = [...head, "All tills", null, `${counted} of ${report.tills.length} counted`];
  for (const day of report.tillTotals) rows.push(...currencyRows(start, day, counted > 0));
  return rows;
}

/** The whole file, byte order mark and header first. */
export function dayReportCsv(report: DayReport): string {
  const head: CsvValue[] = [report.date, report.branch.name];
  const rows: Row[] = [DAY_REPORT_CSV_HEADER, ...tillRows(report, head)];
  for (const order of report.orders) {
    rows.push([
      ...head,
      null,
      null,
      order.reversed ? "Reversed" : "Completed",
      "GBP",
      "Order",
      ORDER_CHANNEL_LABELS[order.channel],
      null,
      null,
      amount(order.totalGbpMinor, "GBP"),
      `${order.orderNumber} ${WAY_TITLES[order.way]}, ${order.name}: ${order.fx.map((line) => `${minorToMajorString(line.foreignMinor, line.currency)} ${line.currency}`).join(", ")}`,
    ]);
  }
  const { guarantees } = report;
  rows.push([
    ...head,
    null,
    null,
    null,
    "GBP",
    "Buy-back guarantee fees",
    null,
    null,
    guarantees.sold,
    amount(guarantees.feesMinor, "GBP"),
    null,
  ]);
  for (const bought of guarantees.boughtBack) {
    rows.push([
      ...head,
      null,
      null,
      null,
      bought.currency,
      "Bought back at guaranteed rates",
      null,
      null,
      null,
      amount(bought.foreignMinor, bought.currency),
      `for ${minorToMajorString(bought.gbpMinor, "GBP")} GBP`,
    ]);
  }
  for (const reversal of report.reversals) {
    rows.push([
      ...head,
      null,
      null,
      "Approved",
      null,
      "Reversal",
      ORDER_CHANNEL_LABELS[reversal.channel],
      null,
      null,
      null,
      `${reversal.orderNumber} ${WAY_TITLES[reversal.way]}: ${reversal.reason} (requested by ${reversal.requestedBy}, approved by ${reversal.approvedBy})`,
    ]);
  }
  return CSV_BOM + rows.map(csvRow).join("");
}
