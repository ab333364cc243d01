import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Sign-in, sign-up, sessions, profile and the Secure Box. */
export const authRoutes: FastifyPluginAsyncZod = async (_app) => {};
