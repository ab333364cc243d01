import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "./bar-chart.tsx";

describe("the bar chart's table for screen readers", () => {
  it("has the chart's title as caption, a column per series and each row's figures, formatted", () => {
    const html = renderToStaticMarkup(
      createElement(BarChart, {
        title: "Orders per day",
        series: [
          { key: "order", label: "Click & Collect", className: "bar-order" },
          { key: "sell", label: "Click & Sell", className: "bar-sell" },
        ],
        rows: [
          { label: "Mon", values: { order: 3, sell: 1 } },
          { label: "Tue", values: { order: 2 } },
        ],
        format: (value) => `${value} orders`,
      }),
    );
    const table = html.slice(html.indexOf('<table class="visually-hidden">'));
    expect(table).toContain("<caption>Orders per day</caption>");
    expect(table).toContain(
      '<thead><tr><th scope="col">Label</th><th scope="col">Click &amp; Collect</th><th scope="col">Click &amp; Sell</th></tr></thead>',
    );
    expect(table).toContain(
      '<tr><th scope="row">Mon</th><td data-series="order">3 orders</td><td data-series="sell">1 orders</td></tr>',
    );
    // A series with no figure for a row reads as zero, as the bar does.
    expect(table).toContain(
      '<tr><th scope="row">Tue</th><td data-series="order">2 orders</td><td data-series="sell">0 orders</td></tr>',
    );
  });
});
