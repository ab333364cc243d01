import { useId } from "react";
import { formatMinor } from "@bureau/domain/money";

export type BuybackTerms = { feeGbpMinor: number; days: number };

/**
 * Click & Collect checkout's offer of the buy-back guarantee (docs/features/buyback-guarantee.md): its
 * price and days, paid at collection with the order. The server takes the terms from its configuration.
 */
export function BuybackOffer({
  terms,
  checked,
  onChange,
}: {
  terms: BuybackTerms;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="panel buyback-offer">
      <div className="checkbox-field">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id}>
          <strong>Buy-back guarantee</strong> ({formatMinor(terms.feeGbpMinor, "GBP")}): sell back what you do not spend
          at the rate you bought at, in whole notes at any branch, within {terms.days} days of collecting.
        </label>
      </div>
      <p className="hint">Paid at the branch with your order.</p>
    </div>
  );
}

/** The sell page under a guarantee: whose, and what is left (the server prices each line from the order). */
export function GuaranteedSellNotice({ orderNumber, text }: { orderNumber: string; text: string }) {
  return (
    <div className="panel buyback-offer" role="note">
      <p>
        <strong>Selling back under the buy-back guarantee of order {orderNumber}.</strong>
      </p>
      <p>{text}</p>
      <p className="hint">
        Whole notes up to what is left are bought back at your original rate; anything more at today's rate, as a line
        of its own.
      </p>
    </div>
  );
}
