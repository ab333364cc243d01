export { createQuote } from "./create-quote.ts";
export { storeQuote } from "./store-quotes.ts";
