import { useId, useState } from "react";
import { Link } from "react-router";
import { useToast } from "../../components/ui/toast.tsx";

export type CustomerDetails = {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phone: string;
  acceptedTerms: boolean;
};

const REQUIRED: { name: keyof CustomerDetails; label: string; type: string; autoComplete: string }[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "confirmEmail", label: "Confirm email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
];

/** Checks in the order of spec §5; returns the message to show, or null. */
export function validateDetails(details: CustomerDetails): { field: keyof CustomerDetails; message: string } | null {
  for (const field of REQUIRED) {
    if (String(details[field.name]).trim() === "") return { field: field.name, message: `${field.label} is required` };
  }
  if (details.email.trim().toLowerCase() !== details.confirmEmail.trim().toLowerCase()) {
    return { field: "confirmEmail", message: "Emails doesnt match" };
  }
  if (!details.acceptedTerms) return { field: "acceptedTerms", message: "Please select the rules" };
  return null;
}

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
  const [error, setError] = useState<{ field: keyof CustomerDetails; message: string } | null>(null);
  const set = (name: keyof CustomerDetails, value: string | boolean) => {
    setDetails((d) => ({ ...d, [name]: value }));
    if (error?.field === name) setError(null);
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateDetails(details);
    setError(problem);
    if (problem) {
      toast.error(problem.message);
      document.getElementById(`${id}-${problem.field}`)?.focus();
      return;
    }
    onSubmit(details);
  }

  return (
    <form className="details-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your details</h2>
      <p className="hint">All fields are required. We use them only for this order.</p>
      <div className="form-grid">
        {REQUIRED.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              aria-invalid={error?.field === field.name}
              aria-describedby={error?.field === field.name ? `${id}-${field.name}-error` : undefined}
              value={String(details[field.name])}
              onChange={(e) => set(field.name, e.target.value)}
            />
            {error?.field === field.name ? (
              <p className="field-error" id={`${id}-${field.name}-error`}>
                {error.message}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <div className="field checkbox-field">
        <input
          id={`${id}-acceptedTerms`}
          type="checkbox"
          checked={details.acceptedTerms}
          aria-invalid={error?.field === "acceptedTerms"}
          aria-describedby={error?.field === "acceptedTerms" ? `${id}-terms-error` : undefined}
          onChange={(e) => set("acceptedTerms", e.target.checked)}
        />
        <label htmlFor={`${id}-acceptedTerms`}>
          I have read and agree to the{" "}
          <Link to="/termsCoditition" target="_blank">
            Terms &amp; Conditions
          </Link>
        </label>
        {error?.field === "acceptedTerms" ? (
          <p className="field-error" id={`${id}-terms-error`}>
            {error.message}
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
