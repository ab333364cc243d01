import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { ContactFields } from "@bureau/domain/contracts/contact";

export type ContactFormValues = Record<ContactFields, string>;

/** What the contact route's action answers; the form shows it (and keeps what was typed on failure). */
export type ContactFormResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fields: Partial<Record<ContactFields, string>>; values: ContactFormValues };

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
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const errors = result && !result.ok ? result.fields : {};
  const values = result && !result.ok ? result.values : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok) formRef.current?.reset();
    // Move focus to the outcome so keyboard and screen-reader users learn what happened.
    outcomeRef.current?.focus();
  }, [result]);

  const describedBy = (name: ContactFields) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <Form method="post" action="/contact" className="contact-form" noValidate ref={formRef} preventScrollReset>
      {result ? (
        <div
          ref={outcomeRef}
          tabIndex={-1}
          className={`contact-outcome ${result.ok ? "contact-outcome-ok" : "contact-outcome-error"}`}
          role={result.ok ? "status" : "alert"}
        >
          {result.message}
        </div>
      ) : null}
      {FIELDS.map((field) => (
        <div className="contact-field" key={field.name}>
          <label htmlFor={`${id}-${field.name}`}>
            {field.label}
            {field.name === "phone" ? <span className="contact-optional"> (optional)</span> : null}
          </label>
          <input
            id={`${id}-${field.name}`}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required={field.name !== "phone"}
            maxLength={field.name === "email" ? 254 : field.name === "phone" ? 30 : 100}
            defaultValue={values?.[field.name] ?? ""}
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={describedBy(field.name)}
          />
          {errors[field.name] ? (
            <p className="contact-error" id={`${id}-${field.name}-error`}>
              {errors[field.name]}
            </p>
          ) : null}
        </div>
      ))}
      <div className="contact-field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={6}
          required
          maxLength={5000}
          defaultValue={values?.message ?? ""}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message")}
        />
        {errors.message ? (
          <p className="contact-error" id={`${id}-message-error`}>
            {errors.message}
          </p>
        ) : null}
      </div>
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
