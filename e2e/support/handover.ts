import type { Locator, Page } from "@playwright/test";
import { expectedNotes } from "../../packages/domain/src/handover.ts";
import { expect } from "./fixtures.ts";

export type HandoverFill = {
  idType?: "Passport" | "UK or EU photo driving licence" | "EU national ID card";
  last4?: string;
  /** YYYY-MM-DD; a date years ahead unless a test says otherwise. */
  expiresOn?: string;
  /** Click & Collect: tick that the payment card matches the name (unless a test leaves it unticked). */
  cardMatches?: boolean;
  /** Click & Sell: why the notes received differ from the order (filled where the panel asks for it). */
  differenceReason?: string;
  /** How the sterling was paid (the amount stays as the panel fills it: the order's sterling). */
  payment?: "Cash" | "Card";
};

/** The handover panel (issue 17 item 4), on the order's page or over the Accepted Orders list. */
export function handoverPanel(scope: Page | Locator): Locator {
  return scope.getByRole("form", { name: "Handover record" });
}

/** Fills the panel's ID check (and, for Click & Collect, the card tick); sale notes stay as pre-filled. */
export async function fillHandover(
  panel: Locator,
  {
    idType = "Passport",
    last4 = "1234",
    expiresOn = "2099-12-31",
    cardMatches = true,
    differenceReason,
    payment = "Card",
  }: HandoverFill = {},
): Promise<void> {
  await ensureTillsOpen(panel.page());
  await panel.getByRole("radio", { name: idType }).check();
  await panel.getByLabel("Last 4 characters of its number").fill(last4);
  await panel.getByLabel("Expiry date").fill(expiresOn);
  const card = panel.getByLabel("The payment card matches the name on the ID");
  if (cardMatches && (await card.count()) > 0) await card.check();
  const reason = panel.getByLabel("Difference: what the customer brought, and why");
  if (differenceReason !== undefined && (await reason.count()) > 0) await reason.fill(differenceReason);
  await panel.getByRole("group", { name: "Payment" }).getByRole("radio", { name: payment }).check();
}

const BRANCH_KEYS = ["worthing", "brighton", "chichester", "172"] as const;

/**
 * Completing an order needs the staff member's open till at its branch (issue 33): opens one with a
 * float of nothing at each branch where the signed-in staff member has none (the till's own spec
 * counts a real float through the page).
 */
export async function ensureTillsOpen(page: Page): Promise<void> {
  for (const branch of BRANCH_KEYS) {
    const response = await page.request.get(`/api/admin/till?branch=${branch}`);
    if (response.status() !== 200) continue; // not a branch of theirs
    const tillPage = (await response.json()) as { till: unknown; currencies: { currency: string }[] };
    if (tillPage.till) continue;
    const opened = await page.request.post("/api/admin/till", {
      headers: { origin: new URL(page.url()).origin },
      data: { branch, counts: tillPage.currencies.map(({ currency }) => ({ currency, notes: [] })) },
    });
    expect(opened.status()).toBe(201);
  }
}

/** Answers the spec's confirm dialog with its Yes. */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog).toContainText("You won't be able to revert this!");
  await dialog.getByRole("button", { name: /^Yes/ }).click();
}

/**
 * Completes an order through its handover panel as staff do at the counter: fills it, presses Complete,
 * confirms the spec's dialog; the caller checks the spec's "Completed!" message.
 */
export async function completeThroughHandover(page: Page, panel: Locator, fill: HandoverFill = {}): Promise<void> {
  await fillHandover(panel, fill);
  await panel.getByRole("button", { name: /^Complete/ }).click();
  await confirmDialog(page);
}

type OrderForHandover = { id: string; way: "Order" | "Sell"; lines: { currency: string; foreignMinor: number }[] };

/**
 * For tests that complete an order through the staff API rather than the panel: a valid handover record
 * for it, as staff would record it, with the staff member's tills open (a passport; paid by card; the card tick for Click & Collect; for Click & Sell the
 * order's amount in the largest notes, the domain's own split, with a reason where notes cannot make it).
 */
export async function handoverRecordFor(page: Page, orderId: string): Promise<Record<string, unknown>> {
  const response = await page.request.get(`/api/admin/orders/${orderId}`);
  expect(response.status()).toBe(200);
  const order = (await response.json()) as OrderForHandover;
  await ensureTillsOpen(page);
  const id = { idType: "passport", idNumberLast4: "1234", idExpiresOn: "2099-12-31", payment: { method: "card" } };
  if (order.way === "Order") return { ...id, cardMatchesName: true };
  const ordered = new Map<string, number>();
  for (const line of order.lines) ordered.set(line.currency, (ordered.get(line.currency) ?? 0) + line.foreignMinor);
  const received = [...ordered].map(([currency, amount]) => ({ currency, notes: expectedNotes(currency, amount) }));
  const exact = received.every(
    (r) => r.notes.reduce((sum, n) => sum + n.valueMinor * n.count, 0) === ordered.get(r.currency),
  );
  return { ...id, received, ...(exact ? {} : { differenceReason: "The part notes cannot make, in coins, not taken" }) };
}
