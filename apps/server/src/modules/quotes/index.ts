export { createQuote, currencyToPrice } from "./create-quote.ts";
export { storeQuote } from "./store-quotes.ts";
