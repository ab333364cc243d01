import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReceiptLines } from "./customer-receipt.tsx";

const line = { position: 1, currency: "EUR", label: "Euro", rate: "1.1232", gbpMinor: 30_000, foreignMinor: 33_500 };

describe("the receipt's lines", () => {
  it("show each currency's amount, rate and sterling, and the sterling given back where there is some", () => {
    const html = renderToStaticMarkup(
      createElement(ReceiptLines, {
        lines: [
          { ...line, sterlingBackMinor: 173 },
          { ...line, position: 2, currency: "USD", label: "US Dollar", foreignMinor: 38_000, sterlingBackMinor: 0 },
        ],
      }),
    );
    const rows = html.split("<tr>").slice(2);
    expect(rows[0]).toContain("EUR Euro");
    expect(rows[0]).toContain("€335.00");
    expect(rows[0]).toContain("£1.73 back in sterling");
    expect(rows[0]).toContain("1.1232");
    expect(rows[0]).toContain("£300.00");
    expect(rows[1]).toContain("US$380.00");
    expect(rows[1]).not.toContain("back in sterling");
  });
});
