import { customerDetailsMessages, isValidPhone, PHONE_MAX_LENGTH } from "@bureau/domain/customer-details";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "../../components/ui/form-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

/**
 * The profile's phone number: checked here with the order form's rule to save a pointless post (the
 * server checks it again); the order form then starts from it. Empty clears it.
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
    if (typed !== "" && !isValidPhone(typed)) return refuse(customerDetailsMessages.invalidPhone);
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
            maxLength={PHONE_MAX_LENGTH}
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
