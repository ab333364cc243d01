import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { AmendmentPreview, TrackedOrder } from "@bureau/domain/contracts/tracking";
import { formatMinor, minorToMajorString } from "@bureau/domain/money";
import type { AmendActionResult } from "./amend-action.ts";

type Branch = { key: string; name: string };

/**
 * "Amend order" on a Pending order's page (docs/features/amend-order.md): the new amount of each line
 * and/or another branch; "Check the new price" quotes them afresh and shows the order now and amended
 * side by side; "Confirm amendment" applies that price. Works without JavaScript (plain form posts).
 */
export function AmendOrderForm({
  order,
  branches,
  formAction,
  result,
}: {
  order: TrackedOrder;
  branches: Branch[];
  formAction: string;
  result: AmendActionResult | undefined;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const preview = result?.kind === "amend-preview" ? result : null;
  const refused = result?.kind === "amend-refused" ? result : null;
  const values = preview?.values ?? refused?.values ?? null;
  const outcomeRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Move focus to the new price or the refusal, so keyboard and screen-reader users hear it.
    if (preview || refused) outcomeRef.current?.focus();
  }, [preview, refused]);
  const amountLabel = (line: TrackedOrder["lines"][number]) =>
    order.way === "Order" ? `${line.currency}: sterling to pay (£)` : `${line.currency}: amount you bring`;
  const amountOf = (line: TrackedOrder["lines"][number]) =>
    order.way === "Order"
      ? minorToMajorString(line.gbpMinor, "GBP")
      : minorToMajorString(line.foreignMinor, line.currency);
  return (
    <section className="tracked-amend" aria-labelledby={`${id}-heading`}>
      <details open={values !== null}>
        <summary>
          <h3 id={`${id}-heading`}>Amend order</h3>
        </summary>
        <p>
          Change an amount or the branch before the branch accepts your order. The new amounts are priced at today's
          rates.
        </p>
        <Form method="post" action={formAction} className="track-form" noValidate>
          <input type="hidden" name="intent" value="amend-quote" />
          <input type="hidden" name="token" value={order.accessToken} />
          <input type="hidden" name="way" value={order.way} />
          {order.lines.map((line, index) => (
            <div className="track-field" key={line.position}>
              <input type="hidden" name={`currency-${index}`} value={line.currency} />
              <label htmlFor={`${id}-amount-${index}`}>{amountLabel(line)}</label>
              <input
                id={`${id}-amount-${index}`}
                name={`amount-${index}`}
                inputMode="decimal"
                autoComplete="off"
                defaultValue={values?.amounts[index] ?? amountOf(line)}
              />
            </div>
          ))}
          <div className="track-field">
            <label htmlFor={`${id}-branch`}>Branch to visit</label>
            <select id={`${id}-branch`} name="branch" defaultValue={values?.branch ?? order.branch.key}>
              {branches.map((branch) => (
                <option key={branch.key} value={branch.key}>
                  {branch.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary" aria-disabled={busy === "amend-quote"}>
            {busy === "amend-quote" ? "Checking…" : "Check the new price"}
          </button>
        </Form>
        {refused ? (
          <p
            ref={outcomeRef as React.RefObject<HTMLParagraphElement>}
            tabIndex={-1}
            className="track-problem"
            role="alert"
          >
            {refused.message}
          </p>
        ) : null}
        {preview ? (
          <AmendmentPreviewSection
            preview={preview}
            order={order}
            branches={branches}
            formAction={formAction}
            confirming={busy === "amend-confirm"}
            outcomeRef={outcomeRef}
          />
        ) : null}
      </details>
    </section>
  );
}

/** The new price beside the order as it stands, and "Confirm amendment" with exactly those quotes. */
function AmendmentPreviewSection({
  preview,
  order,
  branches,
  formAction,
  confirming,
  outcomeRef,
}: {
  preview: Extract<AmendActionResult, { kind: "amend-preview" }>;
  order: TrackedOrder;
  branches: Branch[];
  formAction: string;
  confirming: boolean;
  outcomeRef: React.RefObject<HTMLElement | null>;
}) {
  const id = useId();
  return (
    <section
      ref={outcomeRef as React.RefObject<HTMLElement>}
      tabIndex={-1}
      aria-labelledby={`${id}-compare`}
      className="amend-compare"
    >
      <h4 id={`${id}-compare`}>Your order now and amended</h4>
      <ComparisonTable preview={preview.preview} way={order.way} branches={branches} />
      <Form method="post" action={formAction}>
        <input type="hidden" name="intent" value="amend-confirm" />
        <input type="hidden" name="token" value={order.accessToken} />
        <input type="hidden" name="idempotencyKey" value={preview.idempotencyKey} />
        <input type="hidden" name="branch" value={preview.preview.after.branch} />
        <input type="hidden" name="lines" value={JSON.stringify(preview.preview.quotes)} />
        <button type="submit" className="button button-primary" aria-disabled={confirming}>
          {confirming ? "Amending…" : "Confirm amendment"}
        </button>
      </Form>
    </section>
  );
}

/** The order now and amended, side by side: each line's amount, rate and sterling, the total and the branch. */
function ComparisonTable({
  preview,
  way,
  branches,
}: {
  preview: AmendmentPreview;
  way: TrackedOrder["way"];
  branches: Branch[];
}) {
  const branchName = (key: string) => branches.find((branch) => branch.key === key)?.name ?? key;
  const rows: { label: string; now: string; amended: string }[] = preview.after.lines.flatMap((line, index) => {
    const old = preview.before.lines[index];
    const currency = (l: typeof line | undefined) => (l ? formatMinor(l.foreignMinor, l.currency) : "–");
    const sterling = (l: typeof line | undefined) => (l ? formatMinor(l.gbpMinor, "GBP") : "–");
    return [
      {
        label: way === "Order" ? `${line.currency} you get` : `${line.currency} you bring`,
        now: currency(old),
        amended: currency(line),
      },
      { label: `${line.currency} rate`, now: old?.rate ?? "–", amended: line.rate },
      {
        label: way === "Order" ? `${line.currency} you pay` : `${line.currency} we pay you`,
        now: sterling(old),
        amended: sterling(line),
      },
    ];
  });
  rows.push({
    label: "Total",
    now: formatMinor(preview.before.totalGbpMinor, "GBP"),
    amended: formatMinor(preview.after.totalGbpMinor, "GBP"),
  });
  rows.push({ label: "Branch", now: branchName(preview.before.branch), amended: branchName(preview.after.branch) });
  return (
    <table className="amend-table">
      <thead>
        <tr>
          <td />
          <th scope="col">Now</th>
          <th scope="col">Amended</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.now}</td>
            <td>{row.amended}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
