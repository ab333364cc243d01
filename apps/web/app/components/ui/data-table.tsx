import type { ReactNode } from "react";

/** A column heading: its text, or its text read to screen readers only (a column of buttons). */
export type DataTableColumn = string | { label: string; visuallyHidden: true };

/**
 * A table of records: its caption (visible, or for screen readers only where the page's heading already
 * says what the table holds), one header row of column headings, and the rows the page renders (each
 * row's first cell a row header where it names the record). `scrollable` lets a wide table scroll
 * sideways on a narrow screen rather than widen the page.
 */
export function DataTable({
  className = "data-table",
  caption,
  hiddenCaption = false,
  columns,
  scrollable = false,
  children,
}: {
  className?: string;
  caption?: ReactNode;
  hiddenCaption?: boolean;
  /** The header row's headings; none for a table whose rows carry their own headers (a summary). */
  columns?: readonly DataTableColumn[];
  scrollable?: boolean;
  /** The table's body rows. */
  children: ReactNode;
}) {
  const table = (
    <table className={className}>
      {caption !== undefined ? (
        <caption className={hiddenCaption ? "visually-hidden" : undefined}>{caption}</caption>
      ) : null}
      {columns ? (
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col">
                  <span className="visually-hidden">{column.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
      ) : null}
      <tbody>{children}</tbody>
    </table>
  );
  return scrollable ? <div className="table-scroll">{table}</div> : table;
}

/**
 * A cell's column heading written into the cell, shown only where a stylesheet hides the header row on a
 * phone (order.css): each figure then still says what it is ("You get", "Price held for").
 */
export function PhoneLabel({ children }: { children: ReactNode }) {
  return <span className="phone-label">{children}</span>;
}
