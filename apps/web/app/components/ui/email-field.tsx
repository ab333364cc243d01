import type { InputHTMLAttributes, ReactNode } from "react";
import { FormField, type FieldLook } from "./form-field.tsx";

/** What a form may set on its e-mail input; the type, autocomplete and ARIA ties are the field's own. */
type EmailInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "type" | "autoComplete" | "aria-invalid" | "aria-describedby"
>;

/**
 * A labelled e-mail address field: an `type="email"` input that browsers and password managers fill
 * with the person's address, its error message tied to it (aria-invalid, aria-describedby) so that a
 * screen reader announces the field with its problem.
 */
export function EmailField({
  id,
  label = "Email",
  error,
  describedBy,
  look,
  name = "email",
  ...input
}: {
  id: string;
  label?: ReactNode;
  error?: string;
  /** Other ids that describe the input (a form-wide problem), read before the error. */
  describedBy?: (string | null | undefined)[];
  look?: FieldLook;
} & EmailInputProps) {
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      describedBy={describedBy}
      look={look}
      input={(props) => <input {...props} {...input} name={name} type="email" autoComplete="email" />}
    />
  );
}
