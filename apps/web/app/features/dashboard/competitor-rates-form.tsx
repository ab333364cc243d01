import { useId, useState } from "react";
import type { CompetitorRateSetting } from "@bureau/domain/contracts/compare-rates";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

/**
 * The figures behind the home page's compare-rates block: what each competitor gives in euros for
 * £450, and the day staff checked. Left empty, the home page shows a dash, never a made-up amount.
 * Saved by the intent "competitor-rates" of the page's route action (routes/dashboard/currencies.tsx).
 */
export function CompetitorRatesForm({ initial }: { initial: CompetitorRateSetting[] }) {
  const id = useId();
  const toast = useToast();
  const [figures, setFigures] = useState(initial);
  const { submit, busy } = useRouteAction<CompetitorRateSetting[]>();
  const set = (index: number, field: "eurFor450" | "checkedOn", value: string) =>
    setFigures((list) =>
      list.map((f, i) => (i === index ? { ...f, [field]: value.trim() === "" ? null : value.trim() } : f)),
    );

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const outcome = await submit("competitor-rates", { figures });
    if (!outcome.ok) {
      toast.error(outcome.message);
      return;
    }
    setFigures(outcome.value);
    toast.success("Competitor rates saved");
  }

  return (
    <form className="competitor-form" onSubmit={save} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Competitor rates for £450</h2>
      <p className="hint">Euros each competitor gives for £450, as you checked them. Leave both empty when unknown.</p>
      {figures.map((figure, index) => (
        <fieldset key={figure.name} className="currency-form">
          <legend>{figure.name}</legend>
          <div className="field">
            <label htmlFor={`${id}-${index}-eur`}>Euros for £450</label>
            <input
              id={`${id}-${index}-eur`}
              inputMode="decimal"
              value={figure.eurFor450 ?? ""}
              onChange={(e) => set(index, "eurFor450", e.target.value)}
              placeholder="e.g. 512.30"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-${index}-date`}>Checked on</label>
            <input
              id={`${id}-${index}-date`}
              type="date"
              value={figure.checkedOn ?? ""}
              onChange={(e) => set(index, "checkedOn", e.target.value)}
            />
          </div>
        </fieldset>
      ))}
      <button type="submit" className="button button-primary" disabled={busy}>
        Save competitor rates
      </button>
    </form>
  );
}
