import { useId, useState } from "react";
import { Link } from "react-router";
import {
  CUSTOMER_TEXT_FIELDS,
  type CustomerDetails,
  type CustomerDetailsField,
  customerDetailsProblems,
} from "@bureau/domain/customer-details";
import { EmailField } from "../../components/ui/email-field.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";

const INPUTS: Record<(typeof CUSTOMER_TEXT_FIELDS)[number]["name"], { type: string; autoComplete: string }> = {
  firstName: { type: "text", autoComplete: "given-name" },
  lastName: { type: "text", autoComplete: "family-name" },
  email: { type: "email", autoComplete: "email" },
  confirmEmail: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
};
const REQUIRED = CUSTOMER_TEXT_FIELDS.map((field) => ({ ...field, ...INPUTS[field.name] }));

export function DetailsForm({
  initial,
  busy,
  onBack,
  onSubmit,
}: {
  initial: CustomerDetails;
  busy: boolean;
  onBack: (details: CustomerDetails) => void;
  onSubmit: (details: CustomerDetails) => void;
}) {
  const id = useId();
  const toast = useToast();
  const [details, setDetails] = useState(initial);
  // Every field's problem at once, each shown at its field (the toast says the first, as the spec has it).
  const [errors, setErrors] = useState<Partial<Record<CustomerDetailsField, string>>>({});
  const set = (name: keyof CustomerDetails, value: string | boolean) => {
    setDetails((d) => ({ ...d, [name]: value }));
    setErrors(({ [name]: _fixed, ...others }) => others);
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The same rules as the order contract the server applies (packages/domain).
    const problems = customerDetailsProblems(details);
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
    const first = problems[0];
    if (first) {
      toast.error(first.message);
      document.getElementById(`${id}-${first.field}`)?.focus();
      return;
    }
    onSubmit(details);
  }

  return (
    <form className="details-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your details</h2>
      <p className="hint">All fields are required. We use them only for this order.</p>
      <div className="form-grid">
        {REQUIRED.map((field) => {
          const fieldId = `${id}-${field.name}`;
          const problem = errors[field.name];
          const value = {
            name: field.name,
            required: true,
            value: String(details[field.name]),
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field.name, e.target.value),
          };
          return field.type === "email" ? (
            <EmailField key={field.name} id={fieldId} label={field.label} error={problem} look="wizard" {...value} />
          ) : (
            <FormField
              key={field.name}
              id={fieldId}
              label={field.label}
              error={problem}
              look="wizard"
              input={(props) => <input {...props} {...value} type={field.type} autoComplete={field.autoComplete} />}
            />
          );
        })}
      </div>
      <div className="field checkbox-field">
        <input
          id={`${id}-acceptedTerms`}
          type="checkbox"
          checked={details.acceptedTerms}
          aria-invalid={errors.acceptedTerms !== undefined}
          aria-describedby={errors.acceptedTerms ? `${id}-terms-error` : undefined}
          onChange={(e) => set("acceptedTerms", e.target.checked)}
        />
        <label htmlFor={`${id}-acceptedTerms`}>
          I have read and agree to the{" "}
          <Link to="/termsCoditition" target="_blank">
            Terms &amp; Conditions
          </Link>
        </label>
        {errors.acceptedTerms ? (
          <p className="field-error" id={`${id}-terms-error`}>
            {errors.acceptedTerms}
          </p>
        ) : null}
      </div>
      <div className="wizard-actions">
        <button type="button" className="button" onClick={() => onBack(details)} disabled={busy}>
          Back
        </button>
        <button type="submit" className="button button-accent" disabled={busy}>
          {busy ? "Placing your order…" : "Place order"}
        </button>
      </div>
    </form>
  );
}
