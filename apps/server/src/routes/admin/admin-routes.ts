import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Staff API under /api/admin: every route requires an admin with a staff-verified session. */
export const adminRoutes: FastifyPluginAsyncZod = async (_app) => {};
