import { z } from "zod";
import { rateBoardSchema } from "./rate-board.ts";
import { branchSchema } from "./reference-data.ts";

/**
 * Which of the currencies on sale a branch has notes of today. `tracked` is false while the branch keeps
 * no count of its notes online (ordering works there without stock): then nothing can be said either way.
 */
export const branchStockSchema = z.object({
  tracked: z.boolean(),
  /** The currencies it counts and has free notes of, in the rates list's order. */
  inStock: z.array(z.object({ code: z.string().length(3), label: z.string() })),
});
export type BranchStock = z.infer<typeof branchStockSchema>;

/** A branch's public page (/branches/{key}) in one call: its details, its board's rates, its stock today. */
export const branchPageSchema = z.object({
  branch: branchSchema,
  rates: rateBoardSchema.omit({ branch: true }),
  stock: branchStockSchema,
});
export type BranchPage = z.infer<typeof branchPageSchema>;
