import { useState } from "react";
import type { RateRefreshState } from "@bureau/domain/contracts/dashboard";
import { formatRate } from "@bureau/domain/pricing";
import { describeRateMove } from "@bureau/domain/rate-move";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { DataTable } from "../../components/ui/data-table.tsx";

type HeldMove = NonNullable<RateRefreshState["heldMoves"]>[number];

/**
 * Provider rates the live-rates job held back because they moved more than 10% (issue 13 item 8):
 * nothing changes until staff confirm one; the server applies it with its history and audits it.
 * Confirmed by the intent "confirm-held-rate" of the page's route action (routes/dashboard/currencies.tsx).
 */
export function HeldRateMoves({ moves }: { moves: HeldMove[] }) {
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { submit, busy } = useRouteAction<{ code: string; rate: string }>();
  const [chosenCode, setChosenCode] = useState<string | null>(null);
  const busyCode = busy ? chosenCode : null;
  const dates = useDisplayDates();
  if (moves.length === 0) return null;

  async function apply(move: HeldMove) {
    const change = describeRateMove(move.currentRate, move.providerRate);
    const agreed = await confirm({
      text: `Apply ${formatRate(move.providerRate)} as the market rate of ${move.code} (${change} from ${formatRate(move.currentRate)})? New quotes use it at once.`,
      confirmLabel: "Yes, confirm rate",
    });
    if (!agreed) return;
    setChosenCode(move.code);
    const outcome = await submit("confirm-held-rate", { code: move.code });
    if (outcome.ok) toast.success(`${outcome.value.code} rate confirmed: ${formatRate(outcome.value.rate)}`);
    else toast.error(outcome.message);
  }

  return (
    <section className="held-moves" aria-labelledby="held-moves-heading">
      <h2 id="held-moves-heading">Rates held for confirmation</h2>
      <p>
        The live rates moved more than 10% for these currencies, so they were not applied. Check each one with the
        provider before you confirm it.
      </p>
      <DataTable
        caption="Provider rates held for confirmation"
        hiddenCaption
        columns={["Currency", "Current rate", "Held rate", "Move", "Held since", "Action"]}
        scrollable
      >
        {moves.map((move) => (
          <tr key={move.code}>
            <th scope="row">{move.code}</th>
            <td>{formatRate(move.currentRate)}</td>
            <td>
              {formatRate(move.providerRate)} <span className="muted">({move.source})</span>
            </td>
            <td>{describeRateMove(move.currentRate, move.providerRate)}</td>
            <td>{dates.longDateTime(move.at)}</td>
            <td>
              <button
                type="button"
                className="button button-small"
                onClick={() => void apply(move)}
                disabled={busyCode !== null}
                aria-busy={busyCode === move.code}
              >
                Confirm rate<span className="visually-hidden"> {move.code}</span>
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      {dialog}
    </section>
  );
}
