import type { AdminCurrency } from "@bureau/domain/contracts/dashboard";
import { useToast } from "../../components/ui/toast.tsx";
import { addCurrency, checkRate } from "../../features/dashboard/dashboard-api.ts";
import { CurrencyForm } from "../../features/dashboard/currency-form.tsx";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/add-currency";

export const meta: Route.MetaFunction = () => [{ title: "Add Currency | Harbour FX dashboard" }];

/** Check a code's market rate, then Add the currency. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["check-rate", "add"]);
  if (posted.intent === "check-rate") return apiAction(context, (api) => checkRate(api, posted.text("code")));
  return apiAction(context, (api) =>
    addCurrency(api, {
      code: posted.text("code"),
      label: posted.text("label"),
      sell: posted.text("sell"),
      buy: posted.text("buy"),
    }),
  );
}

export default function AddCurrency() {
  const toast = useToast();
  const { submit } = useRouteAction<AdminCurrency>();
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Add Currency</h1>
      <CurrencyForm
        initial={{ code: "", label: "", sell: "", buy: "" }}
        codeEditable
        submitLabel="Add"
        onSubmit={async (values) => {
          const outcome = await submit("add", values);
          if (!outcome.ok) {
            toast.error(outcome.message);
            return false;
          }
          toast.success(`Added ${values.code} currency`);
          return true;
        }}
      />
    </section>
  );
}
