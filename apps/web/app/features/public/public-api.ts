import type { CompareRates } from "@bureau/domain/contracts/compare-rates";
import type { ContactRequest, ContactResponse } from "@bureau/domain/contracts/contact";
import type { ApiClient } from "../../lib/api-client.ts";

/** What £450 buys in euros with us and with the competitors staff checked. */
export function getCompareRates(api: ApiClient): Promise<CompareRates> {
  return api.rates.compare();
}

export function sendContactMessage(api: ApiClient, message: ContactRequest): Promise<ContactResponse> {
  return api.contact.send(message);
}
