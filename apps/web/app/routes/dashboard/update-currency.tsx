import { useNavigate } from "react-router";
import type { AdminCurrency } from "@bureau/domain/contracts/dashboard";
import { minorToMajorString } from "@bureau/domain/money";
import { useToast } from "../../components/ui/toast.tsx";
import { checkRate, updateCurrency } from "../../features/dashboard/dashboard-api.ts";
import { CounterMarginsForm } from "../../features/dashboard/counter-margins-form.tsx";
import { CurrencyForm } from "../../features/dashboard/currency-form.tsx";
import { postedAs } from "../../lib/api-client.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/update-currency";

/** Loaded before display (spec §2). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const pending = serverApi(context).admin.currencies.get({ code: params.currency });
  return refusalAsResponse(pending, { status: 404, message: "There is no such currency." });
}

/** Check the currency's market rate, then Update its name and margins. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const posted = await readIntent(request, ["check-rate", "update", "counter-margins"]);
  if (posted.intent === "check-rate") return apiAction(context, (api) => checkRate(api, posted.text("code")));
  if (posted.intent === "counter-margins") {
    return apiAction(context, (api) =>
      api.admin.counter.setMargins({
        code: params.currency,
        body: postedAs<{ sellMargin: string | null; buyMargin: string | null }>({
          sellMargin: posted.value("sellMargin"),
          buyMargin: posted.value("buyMargin"),
        }),
      }),
    );
  }
  return apiAction(context, (api) =>
    updateCurrency(api, params.currency, {
      label: posted.text("label"),
      sell: posted.text("sell"),
      buy: posted.text("buy"),
      smallestNote: posted.text("smallestNote"),
    }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Update ${loaderData?.code ?? ""} | Harbour FX dashboard` },
];

export default function UpdateCurrency({ loaderData: currency }: Route.ComponentProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const { submit } = useRouteAction<AdminCurrency>();
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Update Currency</h1>
      <p>
        Market rate now: 1 GBP = {currency.rate} {currency.code}
      </p>
      <CurrencyForm
        initial={{
          code: currency.code,
          label: currency.label,
          sell: currency.sell,
          buy: currency.buy,
          smallestNote: minorToMajorString(currency.smallestNoteMinor, currency.code),
        }}
        codeEditable={false}
        submitLabel="Update"
        onSubmit={async ({ label, sell, buy, smallestNote = "" }) => {
          const outcome = await submit("update", { label, sell, buy, smallestNote });
          if (!outcome.ok) {
            toast.error(outcome.message);
            return false;
          }
          toast.success(`Updated ${currency.code} currency`);
          navigate("/dashboard/Currency");
          return true;
        }}
      />
      <CounterMarginsForm currency={currency} />
    </section>
  );
}
