import { useId } from "react";
import { SeriesTable } from "../../components/ui/series-table.tsx";

type Series = { key: string; label: string; className: string; swatch?: string };
type Row = { label: string; values: Record<string, number> };

/**
 * A small stacked bar chart in SVG (no chart library: a few bars do not justify the bytes), with the
 * same figures in a visually hidden table for screen readers.
 */
export function BarChart({
  title,
  series,
  rows,
  format = (v) => String(v),
}: {
  title: string;
  series: Series[];
  rows: Row[];
  format?: (value: number) => string;
}) {
  const id = useId();
  const width = 760;
  const height = 220;
  const top = 10;
  const bottom = 34;
  const left = 8;
  const totals = rows.map((row) => series.reduce((sum, s) => sum + (row.values[s.key] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const slot = (width - left) / Math.max(1, rows.length);
  const barWidth = Math.max(4, Math.min(40, slot * 0.7));
  const scale = (height - top - bottom) / max;
  const labelEvery = Math.ceil(rows.length / 12);
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      {series.length > 1 ? (
        <p className="chart-legend" aria-hidden="true">
          {series.map((s) => (
            <span key={s.key}>
              <span className={`legend-swatch ${s.swatch ?? ""}`} />
              {s.label}
            </span>
          ))}
        </p>
      ) : null}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${title} (chart; the table below has the figures)`}
      >
        {rows.map((row, index) => {
          let y = height - bottom;
          const x = left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={row.label}>
              {series.map((s) => {
                const value = row.values[s.key] ?? 0;
                const h = value * scale;
                y -= h;
                return (
                  <rect key={s.key} className={s.className} x={x} y={y} width={barWidth} height={h}>
                    <title>{`${row.label} ${s.label}: ${format(value)}`}</title>
                  </rect>
                );
              })}
              {index % labelEvery === 0 ? (
                <text className="chart-label" x={x + barWidth / 2} y={height - bottom + 16} textAnchor="middle">
                  {row.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <SeriesTable
        className="visually-hidden"
        caption={title}
        labelHeading="Label"
        series={series}
        rows={rows}
        rowKey={(row) => row.label}
        rowLabel={(row) => row.label}
        cell={(row, key) => format(row.values[key] ?? 0)}
      />
    </figure>
  );
}
