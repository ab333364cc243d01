import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The contact form. */
export const contactRoutes: FastifyPluginAsyncZod = async (_app) => {};
