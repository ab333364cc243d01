import type {
  AddCurrencyRequest,
  AdminCurrency,
  OrderTransition,
  RateCheck,
  RateRefreshState,
  UpdateCurrencyRequest,
} from "@bureau/domain/contracts/dashboard";
import { browserApi } from "../../lib/api-client.ts";

export const transitionOrder = (id: string, transition: OrderTransition) =>
  browserApi().call<{ id: string; status: string }>("POST", `/api/admin/orders/${id}/${transition}`);
export const checkRate = (code: string) => browserApi().call<RateCheck>("POST", "/api/admin/rates/check", { code });
export const addCurrency = (body: AddCurrencyRequest) =>
  browserApi().call<AdminCurrency>("POST", "/api/admin/currencies", body);
export const updateCurrency = (code: string, body: UpdateCurrencyRequest) =>
  browserApi().call<AdminCurrency>("PUT", `/api/admin/currencies/${encodeURIComponent(code)}`, body);
export const setLiveRates = (enabled: boolean) =>
  browserApi().call<RateRefreshState>("PUT", "/api/admin/rates/refresh", { enabled });
export const confirmHeldRate = (code: string) =>
  browserApi().call<{ code: string; rate: string }>(
    "POST",
    `/api/admin/rates/held/${encodeURIComponent(code)}/confirm`,
  );
