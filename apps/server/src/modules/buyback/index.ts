export {
  buybackRemainderTaken,
  endGuaranteeOfReversed,
  guaranteedOrderIdOf,
  guaranteeView,
  type GuaranteeView,
  guaranteeLines,
  isBuybackRemainderTaken,
  loadGuarantee,
  type StoredGuarantee,
} from "./buyback-guarantee.ts";
export { createBuybackQuote } from "./quote-buyback.ts";
