import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Customers' quotes and orders. */
export const orderRoutes: FastifyPluginAsyncZod = async (_app) => {};
