import { useToast } from "../../components/ui/toast.tsx";
import { addCurrency } from "../../features/dashboard/dashboard-api.ts";
import { CurrencyForm } from "../../features/dashboard/currency-form.tsx";
import { apiErrorText } from "../../lib/api-client.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/add-currency";

export const meta: Route.MetaFunction = () => [{ title: "Add Currency | Harbour FX dashboard" }];

export default function AddCurrency() {
  const toast = useToast();
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Add Currency</h1>
      <CurrencyForm
        initial={{ code: "", label: "", sell: "", buy: "" }}
        codeEditable
        submitLabel="Add"
        onSubmit={async (values) => {
          try {
            await addCurrency(values);
            toast.success(`Added ${values.code} currency`);
            return true;
          } catch (error) {
            toast.error(apiErrorText(error));
            return false;
          }
        }}
      />
    </section>
  );
}
