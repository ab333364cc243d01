import { WAY_TITLES } from "@bureau/domain/constants";
import type { RateBoard } from "@bureau/domain/contracts/rate-board";
import { ratesAsOfText } from "@bureau/domain/rate-freshness";
import { RouteErrorBoundary } from "../../components/layout/route-error.tsx";
import { useLiveBoard } from "../../features/rate-board/use-live-board.ts";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import "../../features/rate-board/rate-board.css";
import type { Route } from "./+types/rate-board";

export async function loader({ context, params }: Route.LoaderArgs) {
  const pending = serverApi(context).rates.board({ branch: params.branch });
  return refusalAsResponse(pending, { status: 404, message: "There is no such branch." });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${boardHeading(loaderData)} | Harbour FX` : "Harbour FX" },
  { name: "robots", content: "noindex" },
];

/** "Today's rates at Brighton" only while the rates are fresh (docs/decisions/027). */
const boardHeading = (board: RateBoard) =>
  `${board.freshness === "live" ? "Today's rates" : "Rates"} at ${board.branch.name}`;

/**
 * The rate board for a shop window or a screen in the branch: the featured currencies' Click & Collect
 * and Click & Sell rates in type sized to the screen (1920×1080 without scrolling), updated in place as
 * the rates change, and one A4 page when printed, with the time of the rates.
 */
export default function RateBoardPage({ loaderData }: Route.ComponentProps) {
  const { board, connected } = useLiveBoard(loaderData);
  const dates = useDisplayDates();
  return (
    <main id="main" className="rate-board" data-count={Math.min(board.currencies.length, 10)} data-live={connected}>
      <header className="rate-board-head">
        <p className="rate-board-brand">
          <span aria-hidden="true" className="brand-mark">
            H
          </span>{" "}
          Harbour FX
        </p>
        <h1>{boardHeading(board)}</h1>
      </header>
      <table className="rate-board-table">
        <caption className="visually-hidden">Units of each currency per £1</caption>
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">
              {WAY_TITLES.Order}
              <span className="rate-board-sub">We sell, per £1</span>
            </th>
            <th scope="col">
              {WAY_TITLES.Sell}
              <span className="rate-board-sub">We buy, per £1</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {board.currencies.map((currency) => (
            <tr key={currency.code} data-code={currency.code}>
              <th scope="row">
                <span className="rate-board-code">{currency.code}</span>{" "}
                <span className="rate-board-label">{currency.label}</span>
              </th>
              <td>{currency.collectRate}</td>
              <td>{currency.sellRate}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="rate-board-foot">
        <p>
          {board.ratesAsOf && board.freshness !== "none" ? (
            <>
              <time dateTime={board.ratesAsOf}>
                {ratesAsOfText({ state: board.freshness, asOf: board.ratesAsOf }, dates)}
              </time>{" "}
              ({dates.timeZone.replace("_", " ")} time).{" "}
            </>
          ) : null}
          Order online for Click & Collect at this branch.
        </p>
        <button type="button" onClick={() => void document.documentElement.requestFullscreen?.().catch(() => {})}>
          Full screen
        </button>
      </footer>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
