import type { CompareView } from "./display-format.ts";

/**
 * PRODUCT.md decision 10: what £450 buys in euros at our rate next to the figures staff checked at
 * competitors. A competitor shows only once staff have entered its figure (compareView), never as a
 * made-up 0.00; our own tile shows a dash while euros are not on sale. "Today" and "live"
 * are said only while the rates are fresh (docs/decisions/027); otherwise our tile dates its rate.
 */
export function CompareRatesBlock({ compare }: { compare: CompareView }) {
  return (
    <>
      <p className="compare-intro">{compare.intro}</p>
      <ul className="compare-tiles">
        {compare.tiles.map((tile) => (
          <li key={tile.name} className={`compare-tile${tile.ours ? " compare-ours" : ""}`}>
            <h3 className="compare-name">{tile.name}</h3>
            {tile.amount !== null ? (
              <p className="compare-amount">{tile.amount}</p>
            ) : (
              <p className="compare-amount compare-unknown">
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">No figure</span>
              </p>
            )}
            <p className="compare-note">{tile.note}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
