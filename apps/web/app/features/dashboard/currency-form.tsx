import { useId, useState } from "react";
import type { RateCheck } from "@bureau/domain/contracts/dashboard";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

/** `smallestNote` (major units) only on the Update page: a new currency starts with the default note. */
export type CurrencyFormValues = { code: string; label: string; sell: string; buy: string; smallestNote?: string };

type CheckState = { status: "unchecked" } | { status: "checking" } | { status: "checked"; rate: string; code: string };

/**
 * The Add and Update Currency form (spec §2, §4): Check asks the server for the market rate of 1 GBP
 * in the code ("Checking" with a spinner, then "Checked"); the submit button stays disabled until the
 * check has passed for the code now in the field. Check posts the intent "check-rate" with the code
 * to the page's route action, which both pages that show this form have.
 */
export function CurrencyForm({
  initial,
  codeEditable,
  submitLabel,
  onSubmit,
}: {
  initial: CurrencyFormValues;
  codeEditable: boolean;
  submitLabel: "Add" | "Update";
  onSubmit: (values: CurrencyFormValues) => Promise<boolean>;
}) {
  const id = useId();
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const [check, setCheck] = useState<CheckState>({ status: "unchecked" });
  const [busy, setBusy] = useState(false);
  const rateCheck = useRouteAction<RateCheck>();
  const code = values.code.trim().toUpperCase();
  const checked = check.status === "checked" && check.code === code;

  const set = (name: keyof CurrencyFormValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // Another code needs another check.
    if (name === "code") setCheck({ status: "unchecked" });
  };

  async function runCheck() {
    if (!/^[A-Z]{3}$/.test(code)) {
      toast.error("Wrong currency tried");
      return;
    }
    setCheck({ status: "checking" });
    const outcome = await rateCheck.submit("check-rate", { code });
    if (outcome.ok) {
      setCheck({ status: "checked", rate: outcome.value.rate, code });
      return;
    }
    setCheck({ status: "unchecked" });
    toast.error(outcome.status === 404 ? "Wrong currency tried" : outcome.message);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!checked) return;
    setBusy(true);
    const done = await onSubmit({ ...values, code });
    setBusy(false);
    if (done && submitLabel === "Add") {
      // Add resets every field and the rate to 0 (spec §4).
      setValues({ code: "", label: "", sell: "", buy: "" });
      setCheck({ status: "unchecked" });
    }
  }

  return (
    <form className="currency-form" onSubmit={submit} aria-label={`${submitLabel} currency`}>
      <div className="field">
        <label htmlFor={`${id}-code`}>Currency Name</label>
        <input
          id={`${id}-code`}
          value={values.code}
          onChange={(e) => set("code", e.target.value)}
          readOnly={!codeEditable}
          maxLength={3}
          autoCapitalize="characters"
          required
          placeholder="e.g. EUR"
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-label`}>Country Name</label>
        <input
          id={`${id}-label`}
          value={values.label}
          onChange={(e) => set("label", e.target.value)}
          required
          maxLength={80}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-sell`}>Sell Rate</label>
        <input
          id={`${id}-sell`}
          type="number"
          step="0.01"
          min={-50}
          max={50}
          value={values.sell}
          onChange={(e) => set("sell", e.target.value)}
          required
          aria-describedby={`${id}-margin-hint`}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-buy`}>Buy Rate</label>
        <input
          id={`${id}-buy`}
          type="number"
          step="0.01"
          min={-50}
          max={50}
          value={values.buy}
          onChange={(e) => set("buy", e.target.value)}
          required
          aria-describedby={`${id}-margin-hint`}
        />
      </div>
      {values.smallestNote !== undefined ? (
        <div className="field">
          <label htmlFor={`${id}-smallest-note`}>Smallest note</label>
          <input
            id={`${id}-smallest-note`}
            type="number"
            step="any"
            min={0}
            value={values.smallestNote}
            onChange={(e) => set("smallestNote", e.target.value)}
            required
            aria-describedby={`${id}-smallest-note-hint`}
          />
          <p className="hint" id={`${id}-smallest-note-hint`}>
            The smallest {code} note branches hand over and buy: Click &amp; Collect gives the rest back in sterling,
            Click &amp; Sell takes multiples of it.
          </p>
        </div>
      ) : null}
      <p className="hint" id={`${id}-margin-hint`}>
        Margins in percent: Sell applies when customers buy (usually negative), Buy when they sell (usually positive).
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={runCheck} disabled={check.status === "checking"}>
          {check.status === "checking" ? (
            <>
              <span className="spinner" aria-hidden="true" /> Checking
            </>
          ) : checked ? (
            "Checked"
          ) : (
            "Check"
          )}
        </button>
        <span aria-live="polite">Rate: {checked ? `1 GBP = ${check.rate} ${code}` : "0"}</span>
        <button type="submit" className="button button-primary" disabled={!checked || busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
