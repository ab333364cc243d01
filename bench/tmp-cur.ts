import { benchCurrencies } from "./currencies.ts";
const r = await benchCurrencies({ seconds: 5 });
console.log(r.product.requestsPerSecond, r.bare.requestsPerSecond, r.ratio);
