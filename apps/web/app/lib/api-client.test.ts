import { describe, expect, it } from "vitest";
import type { ApiRequest, ApiResponse } from "@bureau/domain/contracts/web-host";
import { ApiClientError, createApiClient } from "./api-client.ts";

/** A client whose transport records each request and answers `answer`. */
function recordingClient(answer: ApiResponse = { status: 200, body: { ok: true }, setCookies: [] }) {
  const sent: ApiRequest[] = [];
  const api = createApiClient(async (request) => {
    sent.push(request);
    return answer;
  });
  return { api, sent };
}

describe("the API client typed from the endpoint map", () => {
  it("sends a body-only call's argument as the JSON body to the map's method and path", async () => {
    const { api, sent } = recordingClient();
    await api.orders.track({ orderNumber: "12345678", email: "a@example.com" });
    expect(sent).toEqual([
      { method: "POST", path: "/api/orders/track", body: { orderNumber: "12345678", email: "a@example.com" } },
    ]);
  });

  it("fills the path's params, each encoded as one segment, and sends no body when there is none", async () => {
    const { api, sent } = recordingClient();
    await api.admin.orders.archive({ id: "a/b c" });
    expect(sent).toEqual([{ method: "POST", path: "/api/admin/orders/a%2Fb%20c/archive" }]);
  });

  it("sends the body given beside the params", async () => {
    const { api, sent } = recordingClient();
    await api.admin.orders.raiseSuspicionReport({ id: "order-1", body: { text: "Cash in small notes" } });
    await api.admin.orders.transition({ id: "order-2", transition: "accept", body: undefined });
    expect(sent).toEqual([
      { method: "POST", path: "/api/admin/orders/order-1/suspicion-reports", body: { text: "Cash in small notes" } },
      { method: "POST", path: "/api/admin/orders/order-2/accept" },
    ]);
  });

  it("puts a GET's query in the address, leaving out the fields not given", async () => {
    const { api, sent } = recordingClient();
    await api.account.orders({ limit: 20, after: undefined });
    await api.admin.stock.view(new URLSearchParams({ branch: "worthing", currency: "EUR" }));
    await api.rates.history({ code: "USD", query: new URLSearchParams({ range: "1y" }) });
    await api.reference.currencies();
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      "GET /api/account/orders?limit=20",
      "GET /api/admin/stock?branch=worthing&currency=EUR",
      "GET /api/currencies/USD/history?range=1y",
      "GET /api/currencies",
    ]);
  });

  it("sends a file as it is to the endpoints that take one", async () => {
    const { api, sent } = recordingClient();
    const photo = { contentType: "image/png", data: new Blob(["png"]) };
    await api.account.uploadPhoto(photo);
    expect(sent).toEqual([{ method: "PUT", path: "/api/account/photo", rawBody: photo }]);
  });

  it("answers the API's body, and turns a refusal into an ApiClientError with the API's error", async () => {
    expect(
      await recordingClient({ status: 201, body: { id: "q1" }, setCookies: [] }).api.orders.quote({} as never),
    ).toEqual({
      id: "q1",
    });
    const refusal = { error: { code: "conflict", message: "Already accepted" } };
    const { api } = recordingClient({ status: 409, body: refusal, setCookies: [] });
    const failure = await api.admin.orders.archive({ id: "order-1" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiClientError);
    expect((failure as ApiClientError).status).toBe(409);
    expect((failure as ApiClientError).apiError).toEqual(refusal.error);
  });
});
