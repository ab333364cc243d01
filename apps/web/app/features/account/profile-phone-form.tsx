import { type FormEvent, useId, useState } from "react";
import { FormField } from "../../components/ui/form-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

/**
 * The profile's phone number, checked by the server with the order form's rule (customer-details.ts; not
 * imported here, so that the order form's rules stay out of the public pages' shared browser code); the
 * order form then starts from it. Empty clears it.
 */
export function ProfilePhoneForm({ phone }: { phone: string | null }) {
  const toast = useToast();
  const id = useId();
  const phoneChange = useRouteAction<{ phone: string | null }>();
  const [problem, setProblem] = useState<string | null>(null);

  const refuse = (message: string) => {
    setProblem(message);
    toast.error(message);
  };
  const savePhone = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("phone") ?? "").trim();
    setProblem(null);
    const outcome = await phoneChange.submit("save-phone", { phone: typed });
    if (!outcome.ok) return refuse(outcome.fields?.phone ?? outcome.message);
    toast.success(outcome.value.phone ? "Your phone number is saved" : "Your phone number is removed");
  };

  return (
    <form className="profile-form" onSubmit={savePhone} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Phone number</h2>
      <p id={`${id}-hint`}>
        We fill it in on your orders, so the branch can call you about them. Leave it empty to remove it.
      </p>
      <FormField
        id={`${id}-phone`}
        label="Phone number"
        look="auth"
        error={problem ?? undefined}
        describedBy={[`${id}-hint`]}
        input={(props) => (
          <input
            {...props}
            name="phone"
            type="tel"
            autoComplete="tel"
            // PHONE_MAX_LENGTH of customer-details.ts (the server holds the rule).
            maxLength={30}
            defaultValue={phone ?? ""}
          />
        )}
      />
      <button type="submit" className="button button-primary" disabled={phoneChange.busy} aria-busy={phoneChange.busy}>
        Save phone number
      </button>
    </form>
  );
}
