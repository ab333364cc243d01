import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { EmailField } from "../../components/ui/email-field.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
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
  // A problem not tied to one field (no such order) describes both fields.
  const formProblem = problem && !fields.orderNumber && !fields.email ? `${id}-problem` : null;
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
      <FormField
        id={`${id}-orderNumber`}
        look="track"
        label="Order Number"
        error={fields.orderNumber}
        describedBy={[formProblem]}
        input={(props) => (
          <input
            {...props}
            name="orderNumber"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={12}
            defaultValue={problem?.values.orderNumber ?? ""}
          />
        )}
      />
      <EmailField
        id={`${id}-email`}
        look="track"
        error={fields.email}
        describedBy={[formProblem]}
        required
        maxLength={254}
        defaultValue={problem?.values.email ?? ""}
      />
      <button type="submit" className="button button-primary" aria-disabled={searching}>
        {searching ? "Finding…" : "Find my order"}
      </button>
    </Form>
  );
}
