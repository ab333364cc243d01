import { useId } from "react";
import { Form, useNavigation } from "react-router";
import type { TrackFormValues } from "./tracking-action.ts";

/** "Track your order": the order number and the e-mail given with the order. */
export function TrackOrderForm({
  problem,
}: {
  problem?: { message: string; fields: Partial<TrackFormValues>; values: TrackFormValues } | undefined;
}) {
  const id = useId();
  const navigation = useNavigation();
  const searching = navigation.state === "submitting" && navigation.formData?.get("intent") === "find";
  const fields = problem?.fields ?? {};
  const describedBy = (name: keyof TrackFormValues) =>
    [
      fields[name] ? `${id}-${name}-error` : null,
      problem && !fields.orderNumber && !fields.email ? `${id}-problem` : null,
    ]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <Form method="post" action="/track" className="track-form" noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Find your order
      </h2>
      <input type="hidden" name="intent" value="find" />
      {problem ? (
        <p id={`${id}-problem`} className="track-problem" role="alert">
          {problem.message}
        </p>
      ) : null}
      <div className="track-field">
        <label htmlFor={`${id}-orderNumber`}>Order Number</label>
        <input
          id={`${id}-orderNumber`}
          name="orderNumber"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={12}
          defaultValue={problem?.values.orderNumber ?? ""}
          aria-invalid={fields.orderNumber ? true : undefined}
          aria-describedby={describedBy("orderNumber")}
        />
        {fields.orderNumber ? (
          <p className="track-error" id={`${id}-orderNumber-error`}>
            {fields.orderNumber}
          </p>
        ) : null}
      </div>
      <div className="track-field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={problem?.values.email ?? ""}
          aria-invalid={fields.email ? true : undefined}
          aria-describedby={describedBy("email")}
        />
        {fields.email ? (
          <p className="track-error" id={`${id}-email-error`}>
            {fields.email}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button-primary" aria-disabled={searching}>
        {searching ? "Finding…" : "Find my order"}
      </button>
    </Form>
  );
}
