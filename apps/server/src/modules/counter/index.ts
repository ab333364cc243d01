export { counterView, setCounterMargins } from "./counter-prices.ts";
export { makeWalkInTrade } from "./walk-in-trade.ts";
