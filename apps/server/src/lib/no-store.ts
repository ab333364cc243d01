import type { FastifyReply } from "fastify";

/**
 * Marks an answer as not to be kept by a browser or proxy: it depends on who asks (a session, a
 * staff list) or must be fresh on every request.
 */
export function noStore<Reply extends Pick<FastifyReply, "header">>(reply: Reply): Reply {
  reply.header("cache-control", "no-store");
  return reply;
}
