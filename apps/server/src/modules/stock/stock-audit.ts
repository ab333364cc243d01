/**
 * How a change of a branch's note stock is recorded in the audit log: written by the stock update,
 * read back as the Stock page's history. `after` carries the reason given.
 */
export const STOCK_AUDIT = { entityType: "stock", action: "stock.update" } as const;

/** The audit entity of one branch's stock of one currency. */
export const stockEntityId = (branch: string, currency: string) => `${branch}/${currency}`;
