import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error.ts";
import { noStore } from "../../lib/no-store.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";
import { listBranches } from "../../modules/branches/index.ts";
import { getRateBoard } from "../../modules/rate-board/index.ts";
import { getBranchStock } from "../../modules/stock/index.ts";

/**
 * A branch's public page in one call (/branches/{key}): its address, phone and hours, the rates its board
 * features (the rates list's own figures) and which currencies on sale it has notes of today.
 */
export const branchPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.reference.branch),
    schema: {
      ...endpoints.reference.branch.schema,
      tags: ["public"],
      summary: "A branch's page: details and hours, its featured rates and the currencies it has in stock today",
    },
    config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      const { branches } = await listBranches({ db: app.db });
      const branch = branches.find((candidate) => candidate.key === request.params.key);
      if (!branch) throw new AppError("not_found", "There is no such branch.");
      const currencyList = (await app.currencyList.get()).value;
      const onSale = new Map(currencyList.currencies.map((currency) => [currency.code, currency.label]));
      const [board, stock] = await Promise.all([
        getRateBoard({ db: app.db, branchKey: branch.key, currencyList }),
        getBranchStock({ db: app.db, branchKey: branch.key, onSale }),
      ]);
      // Stock changes with every order placed: never kept by a cache.
      noStore(reply);
      const { branch: _boardBranch, ...rates } = board;
      return { branch, rates, stock };
    },
  });
};
