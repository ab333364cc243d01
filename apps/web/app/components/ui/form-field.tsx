import type { ReactNode, RefObject } from "react";
import { useEffect, useRef } from "react";

/** The attributes that tie an input to its label, hints and error message. */
export type FieldInputProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * The classes of a field's wrapper and of its error message in each form family: the public forms
 * (contact, rate alert), order tracking, the order wizard's details, and the sign-in screens, whose
 * label and input sit straight in the form's column with no wrapper.
 */
const FIELD_LOOKS = {
  contact: { field: "contact-field", error: "contact-error" },
  track: { field: "track-field", error: "track-error" },
  wizard: { field: "field", error: "field-error" },
  auth: { field: null, error: "field-error" },
} as const;
export type FieldLook = keyof typeof FIELD_LOOKS;

/**
 * One labelled field of a public form with its error message. The ids that join the label, the
 * hints and the error are made here, so every form names and describes its fields the same way for
 * screen readers (an invalid field is announced with its message).
 */
export function FormField({
  id,
  label,
  error,
  describedBy = [],
  look = "contact",
  input,
}: {
  /** The input's id; the error message's id is derived from it. */
  id: string;
  label: ReactNode;
  error: string | undefined;
  /** Other ids that describe the input (a unit, a form-wide problem), read before the error. */
  describedBy?: (string | null | undefined)[];
  /** The form's style family, see FIELD_LOOKS. */
  look?: FieldLook;
  input: (props: FieldInputProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const description = [...describedBy, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const { field, error: errorClass } = FIELD_LOOKS[look];
  const parts = (
    <>
      <label htmlFor={id}>{label}</label>
      {input({ id, "aria-invalid": error ? true : undefined, "aria-describedby": description })}
      {error ? (
        <p className={errorClass} id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
  return field ? <div className={field}>{parts}</div> : parts;
}

/** What a public form's route action answers: a message, and on failure the field errors and what was typed. */
export type FormResult<Field extends string> =
  | { ok: true; message: string }
  | { ok: false; message: string; fields: Partial<Record<Field, string>>; values: Record<Field, string> };

/**
 * The outcome of a public form's submission: the form is cleared after a success, and focus moves to the
 * outcome message so keyboard and screen-reader users learn what happened.
 */
export function useFormOutcome<Field extends string>(result: FormResult<Field> | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!result) return;
    if (result.ok) formRef.current?.reset();
    outcomeRef.current?.focus();
  }, [result]);
  return {
    formRef,
    outcomeRef,
    errors: (result && !result.ok ? result.fields : {}) as Partial<Record<Field, string>>,
    values: result && !result.ok ? result.values : undefined,
  };
}

/** The message a public form's submission ended with (a status on success, an alert on failure). */
export function FormOutcome({
  result,
  outcomeRef,
}: {
  result: FormResult<string> | undefined;
  outcomeRef: RefObject<HTMLDivElement | null>;
}) {
  if (!result) return null;
  return (
    <div
      ref={outcomeRef}
      tabIndex={-1}
      className={`contact-outcome ${result.ok ? "contact-outcome-ok" : "contact-outcome-error"}`}
      role={result.ok ? "status" : "alert"}
    >
      {result.message}
    </div>
  );
}
