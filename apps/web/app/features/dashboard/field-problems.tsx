import { useState } from "react";

/**
 * A staff form's field problems (the domain's or the server's, by field name): each field's id, its
 * message tied to it for screen readers, and focus on the first problem when they are shown.
 */
export function useFieldProblems(formId: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fieldId = (name: string) => `${formId}-${name.replace(/\W/g, "-")}`;
  const problem = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${fieldId(name)}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${fieldId(name)}-error` : undefined,
  });
  function showProblems(fields: Record<string, string>) {
    setErrors(fields);
    const first = Object.keys(fields)[0];
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }
  return { errors, fieldId, problem, described, showProblems, clear: () => setErrors({}) };
}

export type FieldProblems = ReturnType<typeof useFieldProblems>;
