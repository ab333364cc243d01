// A local stand-in for the spec's external rates service (GET /convert?to=&from=GBP&amount=1 with an
// apikey header, rate at info.rate), so that browser tests never need the internet.
import { createServer } from "node:http";

export const RATES_API_KEY = "e2e-rates-key";
// EUR and USD as seeded, so that a refresh leaves the public pages' tested figures alone; THB differs;
// ISK is 20% above its seeded 164.7400, so the live-rates job holds it for staff to confirm.
const rates = { EUR: 1.152, USD: 1.315, THB: 44.1234, PKR: 371.25, NPR: 178.4, ISK: 197.688 };

export async function startRatesService({ port }) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const send = (status, body) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.headers.apikey !== RATES_API_KEY) return send(401, { message: "Invalid authentication credentials" });
    if (url.pathname !== "/convert" || url.searchParams.get("from") !== "GBP") return send(404, {});
    const rate = rates[url.searchParams.get("to") ?? ""];
    send(200, rate ? { success: true, info: { rate }, result: rate } : { success: false, info: {} });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
