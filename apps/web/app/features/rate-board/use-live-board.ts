import { useEffect, useState } from "react";
import type { RateBoard } from "@bureau/domain/contracts/rate-board";

/**
 * The board as the server last sent it: starts with the page's own data, then follows the server's
 * event stream (/api/board/{branch}/events), which sends the board on connecting and whenever it
 * changes. EventSource reconnects by itself after a loss (the server asks for 5 s), and the page keeps
 * showing the last rates meanwhile: nothing reloads, only the changed texts change.
 */
export function useLiveBoard(initial: RateBoard): { board: RateBoard; connected: boolean } {
  const [board, setBoard] = useState(initial);
  const [connected, setConnected] = useState(false);
  const key = initial.branch.key;
  useEffect(() => {
    const source = new EventSource(`/api/board/${encodeURIComponent(key)}/events`);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    source.onmessage = (event: MessageEvent<string>) => {
      try {
        setBoard(JSON.parse(event.data) as RateBoard);
      } catch {
        // A malformed message is ignored; the next one replaces the board whole.
      }
    };
    return () => source.close();
  }, [key]);
  return { board, connected };
}
