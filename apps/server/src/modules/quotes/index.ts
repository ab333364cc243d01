export { createQuote } from "./create-quote.ts";
