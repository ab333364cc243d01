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
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const code = values.code.trim().toUpperCase();
  const { check, setCheck, checkedRate, runCheck } = useRateCheck(code);
  const checked = checkedRate !== null;

  const set = (name: keyof CurrencyFormValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // Another code needs another check.
    if (name === "code") setCheck({ status: "unchecked" });
  };

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
      <MarginField
        id={`${id}-sell`}
        label="Sell Rate"
        value={values.sell}
        onChange={(v) => set("sell", v)}
        hintId={`${id}-margin-hint`}
      />
      <MarginField
        id={`${id}-buy`}
        label="Buy Rate"
        value={values.buy}
        onChange={(v) => set("buy", v)}
        hintId={`${id}-margin-hint`}
      />
      {values.smallestNote !== undefined ? (
        <SmallestNoteField
          id={`${id}-smallest-note`}
          code={code}
          value={values.smallestNote}
          onChange={(v) => set("smallestNote", v)}
        />
      ) : null}
      <p className="hint" id={`${id}-margin-hint`}>
        Margins in percent: Sell applies when customers buy (usually negative), Buy when they sell (usually positive).
      </p>
      <CheckAndSubmit
        checking={check.status === "checking"}
        rateText={checkedRate !== null ? `1 GBP = ${checkedRate} ${code}` : null}
        onCheck={runCheck}
        submitLabel={submitLabel}
        submitDisabled={!checked || busy}
      />
    </form>
  );
}

/**
 * Check: the server's market rate of 1 GBP in the code, valid for that code only (another code needs
 * another check).
 */
function useRateCheck(code: string) {
  const toast = useToast();
  const [check, setCheck] = useState<CheckState>({ status: "unchecked" });
  const rateCheck = useRouteAction<RateCheck>();
  const checkedRate = check.status === "checked" && check.code === code ? check.rate : null;

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

  return { check, setCheck, checkedRate, runCheck };
}

/** A margin in percent, described by the hint under the margins. */
function MarginField({
  id,
  label,
  value,
  onChange,
  hintId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hintId: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        step="0.01"
        min={-50}
        max={50}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        aria-describedby={hintId}
      />
    </div>
  );
}

function SmallestNoteField({
  id,
  code,
  value,
  onChange,
}: {
  id: string;
  code: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Smallest note</label>
      <input
        id={id}
        type="number"
        step="any"
        min={0}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        aria-describedby={`${id}-hint`}
      />
      <p className="hint" id={`${id}-hint`}>
        The smallest {code} note branches hand over and buy: Click &amp; Collect gives the rest back in sterling, Click
        &amp; Sell takes multiples of it.
      </p>
    </div>
  );
}

/** Check (with its progress), the checked rate, and the submit button that waits for the check. */
function CheckAndSubmit({
  checking,
  rateText,
  onCheck,
  submitLabel,
  submitDisabled,
}: {
  checking: boolean;
  rateText: string | null;
  onCheck: () => void;
  submitLabel: string;
  submitDisabled: boolean;
}) {
  return (
    <div className="form-actions">
      <button type="button" className="button" onClick={onCheck} disabled={checking}>
        {checking ? (
          <>
            <span className="spinner" aria-hidden="true" /> Checking
          </>
        ) : rateText !== null ? (
          "Checked"
        ) : (
          "Check"
        )}
      </button>
      <span aria-live="polite">Rate: {rateText ?? "0"}</span>
      <button type="submit" className="button button-primary" disabled={submitDisabled}>
        {submitLabel}
      </button>
    </div>
  );
}
