import { useId, useState } from "react";
import type { BoardFeaturedList } from "@bureau/domain/contracts/rate-board";
import { BOARD_MAX_CURRENCIES } from "@bureau/domain/rate-board";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

type Branch = BoardFeaturedList["branches"][number];

/**
 * Which currencies a branch's rate board features: a branch to choose, then the currencies on sale
 * as checkboxes (the board shows them in the list's order). Until staff save a choice, the board shows
 * the most traded currencies, and the boxes start ticked with those. Saved by the intent
 * "board-featured" of the page's route action (routes/dashboard/rate-board-settings.tsx).
 */
export function BoardFeaturedForm({
  branches,
  currencies,
}: {
  branches: Branch[];
  currencies: { code: string; label: string }[];
}) {
  const id = useId();
  const toast = useToast();
  const [byBranch, setByBranch] = useState(() => new Map(branches.map((b) => [b.key, b])));
  const [branchKey, setBranchKey] = useState(branches[0]?.key ?? "");
  const branch = byBranch.get(branchKey as Branch["key"]);
  const [picked, setPicked] = useState<Set<string>>(() => new Set(branch?.currencies));
  const [problem, setProblem] = useState<string | null>(null);
  const { submit, busy } = useRouteAction<{ key: Branch["key"]; currencies: string[] }>();

  function chooseBranch(key: string) {
    setBranchKey(key);
    setPicked(new Set(byBranch.get(key as Branch["key"])?.currencies));
    setProblem(null);
  }

  function toggle(code: string, on: boolean) {
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!branch) return;
    const chosen = currencies.map((c) => c.code).filter((code) => picked.has(code));
    const outcome = await submit("board-featured", { branch: branch.key, currencies: chosen });
    if (!outcome.ok) {
      // Said once, beside the currencies (a toast too would announce it twice).
      setProblem(outcome.message);
      return;
    }
    const saved = outcome.value;
    setByBranch((map) => new Map(map).set(saved.key, { ...branch, currencies: saved.currencies, chosen: true }));
    setProblem(null);
    toast.success(`The ${branch.name} board shows ${saved.currencies.join(", ")}`);
  }

  return (
    <form onSubmit={save} aria-labelledby={`${id}-heading`} className="board-featured-form">
      <h2 id={`${id}-heading`}>Featured currencies</h2>
      <div className="field">
        <label htmlFor={`${id}-branch`}>Branch</label>
        <select id={`${id}-branch`} value={branchKey} onChange={(e) => chooseBranch(e.target.value)}>
          {branches.map((b) => (
            <option key={b.key} value={b.key}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      {branch ? (
        <p className="hint" id={`${id}-hint`}>
          {branch.chosen ? "Chosen by staff." : "Nothing chosen yet: the board shows the most traded currencies."} Tick
          1 to {BOARD_MAX_CURRENCIES}. <a href={`/board/${branch.key}`}>Open the {branch.name} board</a>
        </p>
      ) : null}
      <fieldset className="board-currency-grid" aria-describedby={problem ? `${id}-problem` : `${id}-hint`}>
        <legend>Currencies on the board ({picked.size} chosen)</legend>
        {currencies.map((currency) => (
          <label key={currency.code} className="board-currency">
            <input
              type="checkbox"
              checked={picked.has(currency.code)}
              onChange={(e) => toggle(currency.code, e.target.checked)}
            />{" "}
            {currency.code} <span className="muted">{currency.label}</span>
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p className="field-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        Save the board
      </button>
    </form>
  );
}
