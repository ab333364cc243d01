export { applyRetention } from "./apply-retention.ts";
