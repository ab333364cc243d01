import { useId, useState } from "react";
import type { AdminCurrency } from "@bureau/domain/contracts/dashboard";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

/**
 * A currency's counter margins (walk-in trades, docs/features/counter.md): both set, or both cleared so
 * the counter prices at the online margins. The API checks them by the online margins' rule.
 */
export function CounterMarginsForm({ currency }: { currency: AdminCurrency }) {
  const id = useId();
  const toast = useToast();
  const { submit, busy } = useRouteAction<unknown>();
  const [sell, setSell] = useState(currency.counterSell ?? "");
  const [buy, setBuy] = useState(currency.counterBuy ?? "");
  const [problem, setProblem] = useState<string | null>(null);

  async function save(clear: boolean) {
    setProblem(null);
    const margins = clear ? { sellMargin: null, buyMargin: null } : { sellMargin: sell.trim(), buyMargin: buy.trim() };
    const outcome = await submit("counter-margins", margins);
    if (!outcome.ok) {
      setProblem(outcome.message);
      document.getElementById(`${id}-sell`)?.focus();
      return;
    }
    if (clear) {
      setSell("");
      setBuy("");
    }
    toast.success(
      clear ? `${currency.code} at the counter uses the online margins` : `Counter margins of ${currency.code} saved`,
    );
  }

  return (
    <form
      className="counter-margins"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
    >
      <h2 id={`${id}-heading`}>Counter margins</h2>
      <p className="hint" id={`${id}-hint`}>
        Walk-in trades at the counter use these margins (percent) instead of the online ones; leave them unset to use
        the online margins.
      </p>
      {problem ? (
        <div className="alert" role="alert" id={`${id}-problem`}>
          {problem}
        </div>
      ) : null}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-sell`}>Counter margin when we sell (%)</label>
          <input
            id={`${id}-sell`}
            inputMode="decimal"
            value={sell}
            aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            onChange={(e) => setSell(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-buy`}>Counter margin when we buy (%)</label>
          <input
            id={`${id}-buy`}
            inputMode="decimal"
            value={buy}
            aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            onChange={(e) => setBuy(e.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="button" disabled={busy}>
        Save counter margins
      </button>{" "}
      <button type="button" className="button" disabled={busy} onClick={() => void save(true)}>
        Use the online margins
      </button>
    </form>
  );
}
