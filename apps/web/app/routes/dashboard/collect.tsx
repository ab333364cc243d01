import { useId } from "react";
import { Form, redirect, useNavigate, useNavigation } from "react-router";
import { QrScanner } from "../../features/dashboard/qr-scanner.tsx";
import { ApiClientError } from "../../lib/api-client.ts";
import { serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/collect";

/**
 * Finding the order changes nothing, so it is the loader's work: a collection pass's address
 * (/dashboard/collect/{token}, what its QR code holds, opened by a phone's camera app or by the scanner
 * below) or the Order Number form (?number=) opens the order's details at once; a pass or number that
 * finds nothing shows why. The form works without JavaScript.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const number = new URL(request.url).searchParams.get("number");
  const query = params.token ? { pass: params.token } : number !== null ? { number } : null;
  if (!query) return { passProblem: null, numberProblem: null, number: "" };
  try {
    const found = await serverApi(context).admin.collect.find(query);
    return redirect(`/dashboard/orderDetails/${found.id}`);
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    return params.token
      ? { passProblem: error.message, numberProblem: null, number: "" }
      : { passProblem: null, numberProblem: error.message, number: number ?? "" };
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Collect | Harbour FX dashboard" }];

/** The scanned text as the address to open: a pass's own path, or the text as a pass token. */
function passPath(text: string): string {
  try {
    const url = new URL(text);
    if (url.origin === window.location.origin && url.pathname.startsWith("/dashboard/collect/")) return url.pathname;
  } catch {
    // Not an address: tried as a token below (the server says if it is not a pass).
  }
  return `/dashboard/collect/${encodeURIComponent(text.trim().split("/").pop() ?? "")}`;
}

/** The counter: scan the customer's collection pass, or type the order number, to open the order. */
export default function Collect({ loaderData }: Route.ComponentProps) {
  const id = useId();
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  const { passProblem, numberProblem } = loaderData;

  return (
    <section aria-labelledby="page-heading" className="collect-page">
      <h1 id="page-heading">Collect</h1>
      <div className="collect-ways">
        <section aria-labelledby={`${id}-scan`}>
          <h2 id={`${id}-scan`}>Scan the collection pass</h2>
          <p>The QR code is on the customer's confirmation and in their e-mails.</p>
          <QrScanner onScan={(text) => navigate(passPath(text))} />
          {passProblem ? (
            <p className="field-error" role="alert">
              {passProblem}
            </p>
          ) : null}
        </section>
        <section aria-labelledby={`${id}-type`}>
          <h2 id={`${id}-type`}>Or type the order number</h2>
          <Form method="get" action="/dashboard/collect" noValidate>
            <div className="field">
              <label htmlFor={`${id}-number`}>Order Number</label>
              <input
                id={`${id}-number`}
                name="number"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={loaderData.number}
                aria-invalid={numberProblem ? true : undefined}
                aria-describedby={numberProblem ? `${id}-number-problem` : undefined}
              />
              {numberProblem ? (
                <p className="field-error" id={`${id}-number-problem`} role="alert">
                  {numberProblem}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button-primary" disabled={busy}>
              Open the order
            </button>
          </Form>
        </section>
      </div>
    </section>
  );
}
