import type { ReactNode } from "react";

/**
 * A chart's figures as a table: one row per point (its label as the row header), one column per series.
 * Each cell carries `data-series`; `rowAttribute` names an attribute that carries each row's key.
 */
export function SeriesTable<Row, Key extends string>({
  className,
  caption,
  labelHeading,
  series,
  rows,
  rowKey,
  rowLabel,
  cell,
  rowAttribute,
}: {
  className: string;
  caption: ReactNode;
  labelHeading: string;
  series: readonly { key: Key; label: string }[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowLabel: (row: Row) => ReactNode;
  cell: (row: Row, key: Key) => ReactNode;
  rowAttribute?: `data-${string}`;
}) {
  return (
    <table className={className}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeading}</th>
          {series.map((s) => (
            <th key={s.key} scope="col">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...(rowAttribute ? { [rowAttribute]: rowKey(row) } : {})}>
            <th scope="row">{rowLabel(row)}</th>
            {series.map((s) => (
              <td key={s.key} data-series={s.key}>
                {cell(row, s.key)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
