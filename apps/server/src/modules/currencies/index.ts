export { addCurrency, checkRate, getAdminCurrency, listAdminCurrencies, updateCurrency } from "./admin-currencies.ts";
export { listCurrencies } from "./list-currencies.ts";
