import type { CompetitorRateSetting } from "@bureau/domain/contracts/compare-rates";
import type { BoardFeaturedList } from "@bureau/domain/contracts/rate-board";
import type {
  AddCurrencyRequest,
  AdminCurrency,
  ClearHoldRequest,
  HandoverRequest,
  OrderTransition,
  RateCheck,
  RateRefreshState,
  UpdateCurrencyRequest,
} from "@bureau/domain/contracts/dashboard";
import type { SanctionsImportAnswer } from "@bureau/domain/contracts/sanctions";
import type { StockUpdate, StockView } from "@bureau/domain/contracts/stock";
import type { ApiClient } from "../../lib/api-client.ts";

/** The staff dashboard's changes, called by its route actions through the in-process API (decision 016). */
export const transitionOrder = (api: ApiClient, id: string, transition: OrderTransition, handover?: HandoverRequest) =>
  api.call<{ id: string; status: string }>(
    "POST",
    `/api/admin/orders/${encodeURIComponent(id)}/${encodeURIComponent(transition)}`,
    handover,
  );
/** History's Delete on a completed order: archived from the list, nothing else changes (decision 026). */
export const archiveOrder = (api: ApiClient, id: string) =>
  api.call<{ id: string; status: string; archivedAt: string }>(
    "POST",
    `/api/admin/orders/${encodeURIComponent(id)}/archive`,
  );
export const clearHold = (api: ApiClient, id: string, dueDiligence: ClearHoldRequest) =>
  api.call<{ id: string; clearedAt: string; alsoCleared: string[] }>(
    "POST",
    `/api/admin/orders/${encodeURIComponent(id)}/hold/clear`,
    dueDiligence,
  );
export const raiseSuspicionReport = (api: ApiClient, id: string, text: string) =>
  api.call<{ id: string; raisedAt: string; held: boolean }>(
    "POST",
    `/api/admin/orders/${encodeURIComponent(id)}/suspicion-reports`,
    { text },
  );
export const checkRate = (api: ApiClient, code: string) =>
  api.call<RateCheck>("POST", "/api/admin/rates/check", { code });
export const addCurrency = (api: ApiClient, body: AddCurrencyRequest) =>
  api.call<AdminCurrency>("POST", "/api/admin/currencies", body);
export const updateCurrency = (api: ApiClient, code: string, body: UpdateCurrencyRequest) =>
  api.call<AdminCurrency>("PUT", `/api/admin/currencies/${encodeURIComponent(code)}`, body);
export const setLiveRates = (api: ApiClient, enabled: boolean) =>
  api.call<RateRefreshState>("PUT", "/api/admin/rates/refresh", { enabled });
export const confirmHeldRate = (api: ApiClient, code: string) =>
  api.call<{ code: string; rate: string }>("POST", `/api/admin/rates/held/${encodeURIComponent(code)}/confirm`);
export const saveBoardFeatured = (api: ApiClient, branch: string, currencies: unknown) =>
  api.call<{ key: BoardFeaturedList["branches"][number]["key"]; currencies: string[] }>(
    "PUT",
    `/api/admin/board/featured/${encodeURIComponent(branch)}`,
    { currencies },
  );
export const saveCompetitorRates = (api: ApiClient, figures: unknown) =>
  api.call<CompetitorRateSetting[]>("PUT", "/api/admin/compare-rates", figures);
export const saveStock = (api: ApiClient, branch: string, currency: string, body: StockUpdate) =>
  api.call<StockView>("PUT", `/api/admin/stock/${encodeURIComponent(branch)}/${encodeURIComponent(currency)}`, body);
/**
 * Imports the UK Sanctions List, sent as the CSV file itself. Declared as text/csv whatever type the
 * browser guessed for it (some give a .csv the spreadsheet type): the API reads the text and refuses
 * a file that is not the list.
 */
export const importSanctionsList = (api: ApiClient, list: Blob) =>
  api.upload<SanctionsImportAnswer>("POST", "/api/admin/sanctions-lists", { contentType: "text/csv", data: list });
