import { useId } from "react";
import type { RateHistoryResponse } from "@bureau/domain/contracts/rate-history";
import type { RateSeries } from "@bureau/domain/rate-history";
import { dayLabel } from "./rate-history-format.ts";

type Point = RateHistoryResponse["points"][number];

export const SERIES: { key: RateSeries; label: string }[] = [
  { key: "collect", label: "Click & Collect rate" },
  { key: "sell", label: "Click & Sell rate" },
  { key: "market", label: "Market rate" },
];

const WIDTH = 760;
const HEIGHT = 300;
/** Room for the labels, which grow to stay 12 CSS px high on a phone (public.css, .history-axis). */
const PAD = { top: 40, right: 16, bottom: 48, left: 16 };

/** One line per series; a gap where a series has no value (before we recorded it). */
function linePath(points: readonly Point[], key: RateSeries, x: (i: number) => number, y: (v: number) => number) {
  let path = "";
  let drawing = false;
  points.forEach((point, index) => {
    const value = point[key];
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? "L" : "M"}${x(index).toFixed(1)},${y(Number(value)).toFixed(1)}`;
    drawing = true;
  });
  return path;
}

/**
 * The rate history as a line chart drawn on the server in SVG (readable without JavaScript), with the
 * same points in the data table beside it. The scale is only for drawing: every figure shown is the
 * exact decimal the server sent.
 */
export function RateHistoryChart({ history }: { history: RateHistoryResponse }) {
  const id = useId();
  const { points } = history;
  const values = points.flatMap((point) => SERIES.map((s) => point[s.key])).filter((v): v is string => v !== null);
  if (values.length === 0) {
    return <p className="history-empty">We have no rates of {history.code} for this period yet.</p>;
  }
  const numbers = values.map(Number);
  let min = Math.min(...numbers);
  let max = Math.max(...numbers);
  const spread = max - min || Math.abs(max) * 0.01 || 1;
  min -= spread * 0.08;
  max += spread * 0.08;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (points.length > 1 ? (index / (points.length - 1)) * plotWidth : plotWidth / 2);
  const y = (value: number) => PAD.top + ((max - value) / (max - min)) * plotHeight;
  const ticks = [0, 1, 2, 3, 4].map((k) => min + ((max - min) * k) / 4);
  const decimals = spread < 0.01 ? 5 : spread < 1 ? 4 : 2;
  const labelled = [0, Math.floor((points.length - 1) / 2), points.length - 1];
  return (
    <figure className="history-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>
        {history.code} per £1, {dayLabel(history.from)} to {dayLabel(history.to)}
      </figcaption>
      <p className="history-legend" aria-hidden="true">
        {SERIES.map((s) => (
          <span key={s.key}>
            <span className={`history-swatch history-${s.key}`} />
            {s.label}
          </span>
        ))}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Chart of the ${history.code} rates (the table below has the figures)`}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="history-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className="history-axis" x={PAD.left + 4} y={y(tick) - 6} textAnchor="start">
              {tick.toFixed(decimals)}
            </text>
          </g>
        ))}
        {labelled.map((index) => (
          <text
            key={index}
            className="history-axis"
            x={x(index)}
            y={HEIGHT - 8}
            textAnchor={index === 0 ? "start" : index === points.length - 1 ? "end" : "middle"}
          >
            {dayLabel(points[index]?.day ?? history.to)}
          </text>
        ))}
        {SERIES.map((s) => (
          <g key={s.key} className={`history-series history-${s.key}`} data-series={s.key}>
            <path d={linePath(points, s.key, x, y)} />
            {points.map((point, index) =>
              point[s.key] === null ? null : (
                <circle key={point.day} cx={x(index)} cy={y(Number(point[s.key]))} r={2.5} data-day={point.day}>
                  <title>{`${dayLabel(point.day)}, ${s.label}: ${point[s.key]}`}</title>
                </circle>
              ),
            )}
          </g>
        ))}
      </svg>
    </figure>
  );
}
