import { Link } from "react-router";
import type { TrackedOrder } from "@bureau/domain/contracts/tracking";
import { formatMinor } from "@bureau/domain/money";

/**
 * The order page's buy-back guarantee (docs/features/buyback-guarantee.md): what is left, at what rate and
 * until when (or that it was used, or ended, or starts at collection), and a way to sell back each
 * currency still guaranteed: the sell page priced by the server from this order, named by its link.
 */
export function BuybackGuaranteePanel({ order }: { order: TrackedOrder }) {
  const buyback = order.buyback;
  if (!buyback) return null;
  return (
    <section className="tracked-buyback" aria-labelledby="tracked-buyback-heading">
      <h3 id="tracked-buyback-heading">Buy-back guarantee</h3>
      <p>{buyback.text}</p>
      <p className="hint">Bought for {formatMinor(buyback.feeGbpMinor, "GBP")}, paid at the branch with the order.</p>
      {buyback.sellBack.length > 0 ? (
        <ul className="tracked-buyback-actions">
          {buyback.sellBack.map((currency) => (
            <li key={currency}>
              <Link
                className="button"
                to={`/purchase/${currency}/Sell?guarantee=${encodeURIComponent(order.accessToken)}`}
              >
                Sell back {currency} at the guaranteed rate
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
