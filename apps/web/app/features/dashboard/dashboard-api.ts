import type { CompetitorRateSetting } from "@bureau/domain/contracts/compare-rates";
import type { SetBoardFeaturedRequest } from "@bureau/domain/contracts/rate-board";
import type {
  AddCurrencyRequest,
  ClearHoldRequest,
  HandoverRequest,
  OrderTransition,
  UpdateCurrencyRequest,
} from "@bureau/domain/contracts/dashboard";
import type { BranchKey } from "@bureau/domain/contracts/reference-data";
import type { StockUpdate } from "@bureau/domain/contracts/stock";
import { type ApiClient, postedAs } from "../../lib/api-client.ts";

/** The staff dashboard's changes, called by its route actions through the in-process API (decision 016). */
export const transitionOrder = (api: ApiClient, id: string, transition: OrderTransition, handover?: HandoverRequest) =>
  api.admin.orders.transition({ id, transition, body: handover });
/** History's Delete on a completed order: archived from the list, nothing else changes (docs/features/completed-orders-are-final.md). */
export const archiveOrder = (api: ApiClient, id: string) => api.admin.orders.archive({ id });
export const clearHold = (api: ApiClient, id: string, dueDiligence: ClearHoldRequest) =>
  api.admin.orders.clearHold({ id, body: dueDiligence });
export const raiseSuspicionReport = (api: ApiClient, id: string, text: string) =>
  api.admin.orders.raiseSuspicionReport({ id, body: { text } });
export const checkRate = (api: ApiClient, code: string) => api.admin.rates.check({ code });
export const addCurrency = (api: ApiClient, body: AddCurrencyRequest) => api.admin.currencies.add(body);
export const updateCurrency = (api: ApiClient, code: string, body: UpdateCurrencyRequest) =>
  api.admin.currencies.update({ code, body });
export const setLiveRates = (api: ApiClient, enabled: boolean) => api.admin.rates.setRefresh({ enabled });
export const confirmHeldRate = (api: ApiClient, code: string) => api.admin.rates.confirmHeld({ code });
export const saveBoardFeatured = (api: ApiClient, branch: string, currencies: unknown) =>
  api.admin.board.setFeatured({ branch, body: postedAs<SetBoardFeaturedRequest>({ currencies }) });
export const saveCompetitorRates = (api: ApiClient, figures: unknown) =>
  api.admin.compareRates.set(postedAs<CompetitorRateSetting[]>(figures));
export const saveStock = (api: ApiClient, branch: string, currency: string, body: StockUpdate) =>
  api.admin.stock.set({ branch: postedAs<BranchKey>(branch), currency, body });
/**
 * Imports the UK Sanctions List, sent as the CSV file itself. Declared as text/csv whatever type the
 * browser guessed for it (some give a .csv the spreadsheet type): the API reads the text and refuses
 * a file that is not the list.
 */
export const importSanctionsList = (api: ApiClient, list: Blob) =>
  api.admin.importSanctionsList({ contentType: "text/csv", data: list });
/** Reversals (docs/features/reversals.md): asked for with a reason, approved or refused by another manager. */
export const requestReversal = (api: ApiClient, id: string, reason: string) =>
  api.admin.reversals.request({ id, body: { reason } });
export const approveReversal = (api: ApiClient, id: string) => api.admin.reversals.approve({ id });
export const refuseReversal = (api: ApiClient, id: string, note: string) =>
  api.admin.reversals.refuse({ id, body: { note } });
