import { describe, expect, it } from "vitest";
import { branchPageSchema } from "@bureau/domain/contracts/branch-page";
import { appWithStaff } from "../../test/staff-app.ts";

describe("a branch's public page", () => {
  const started = appWithStaff();
  const getPage = (key: string) => started.t.app.inject({ method: "GET", url: `/api/branches/${key}` });
  const putStock = (branch: string, currency: string, counts: { valueMinor: number; count: number }[]) =>
    started.t.app.inject({
      method: "PUT",
      url: `/api/admin/stock/${branch}/${currency}`,
      headers: started.staff.headers,
      payload: { tracked: true, counts, reason: "Counted at opening" },
    });

  it("gives the branch's details, its board's rates as the rates list has them, and no stock while none is counted", async () => {
    const response = await getPage("chichester");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const page = branchPageSchema.strict().parse(response.json());
    expect(page.branch).toMatchObject({ key: "chichester", name: "Chichester", phone: "01243 781 254" });
    expect(page.branch.hours).toHaveLength(7);
    const board = (await started.t.app.inject({ method: "GET", url: "/api/board/chichester" })).json();
    expect(page.rates.currencies).toEqual(board.currencies);
    expect(page.rates.currencies.length).toBeGreaterThan(0);
    expect(page.stock).toEqual({ tracked: false, inStock: [] });
  });

  it("names the currencies with free notes today, not those counted at nil", async () => {
    expect((await putStock("worthing", "USD", [{ valueMinor: 2000, count: 5 }])).statusCode).toBe(200);
    expect((await putStock("worthing", "EUR", [{ valueMinor: 5000, count: 3 }])).statusCode).toBe(200);
    expect((await putStock("worthing", "JPY", [])).statusCode).toBe(200);
    const page = branchPageSchema.parse((await getPage("worthing")).json());
    expect(page.stock.tracked).toBe(true);
    // In the rates list's order (EUR before USD), with its labels; JPY is counted but has no notes.
    expect(page.stock.inStock.map((currency) => currency.code)).toEqual(["EUR", "USD"]);
    expect(page.stock.inStock[0]?.label).toMatch(/Euro/);
    // Another branch's stock is its own.
    expect(branchPageSchema.parse((await getPage("brighton")).json()).stock).toEqual({ tracked: false, inStock: [] });
  });

  it("answers 404 for a branch that does not exist, and changes nothing", async () => {
    const response = await getPage("atlantis");
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: "not_found", message: "There is no such branch." });
  });
});
