import { useId } from "react";
import { Form, useNavigation } from "react-router";
import type { ContactFields } from "@bureau/domain/contracts/contact";
import { EmailField } from "../../components/ui/email-field.tsx";
import { FormField, FormOutcome, type FormResult, useFormOutcome } from "../../components/ui/form-field.tsx";

export type ContactFormValues = Record<ContactFields, string>;

/** What the contact route's action answers; the form shows it (and keeps what was typed on failure). */
export type ContactFormResult = FormResult<ContactFields>;

const FIELDS: { name: ContactFields; label: string; type: "text" | "email" | "tel"; autoComplete: string }[] = [
  { name: "name", label: "Name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
];

/**
 * The contact form. It posts to the contact route's action (so it works before or without
 * JavaScript); the server validates, stores, queues the e-mail to support and rate-limits.
 */
export function ContactForm({ result }: { result: ContactFormResult | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const { formRef, outcomeRef, errors, values } = useFormOutcome(result);
  const id = useId();

  return (
    <Form method="post" action="/contact" className="contact-form" noValidate ref={formRef} preventScrollReset>
      <FormOutcome result={result} outcomeRef={outcomeRef} />
      {FIELDS.map((field) =>
        field.type === "email" ? (
          <EmailField
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.label}
            error={errors[field.name]}
            name={field.name}
            required
            maxLength={254}
            defaultValue={values?.[field.name] ?? ""}
          />
        ) : (
          <FormField
            key={field.name}
            id={`${id}-${field.name}`}
            label={
              <>
                {field.label}
                {field.name === "phone" ? <span className="contact-optional"> (optional)</span> : null}
              </>
            }
            error={errors[field.name]}
            input={(props) => (
              <input
                {...props}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required={field.name !== "phone"}
                maxLength={field.name === "phone" ? 30 : 100}
                defaultValue={values?.[field.name] ?? ""}
              />
            )}
          />
        ),
      )}
      <FormField
        id={`${id}-message`}
        label="Message"
        error={errors.message}
        input={(props) => (
          <textarea {...props} name="message" rows={6} required maxLength={5000} defaultValue={values?.message ?? ""} />
        )}
      />
      {/* Spam trap: people never see or reach this field; robots that fill every field do. */}
      <div className="contact-trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p className="contact-privacy">
        We use your details only to answer your message. See our <a href="/privacyPolicy">Privacy Policy</a>.
      </p>
      <button type="submit" className="button button-primary contact-submit" aria-disabled={sending}>
        {sending ? "Sending…" : "Send"}
      </button>
    </Form>
  );
}
