import { createHash } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { channels } from "../../db/notify.ts";
import { AppError } from "../../lib/app-error.ts";
import { clientAddressKey } from "../../lib/client-address.ts";
import { type EventStream, openEventStream } from "../../lib/event-stream.ts";
import { getRateBoard } from "../../modules/rate-board/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/**
 * How many boards one instance streams to at once, in total and per client address (an IPv6 /64 counts as
 * one, lib/client-address.ts): one address cannot take every stream, and a branch's few screens behind one
 * address fit well within its share. Past either a board falls back to its page's data and tries again.
 */
export const MAX_STREAMS = 500;
export const MAX_STREAMS_PER_ADDRESS = 10;
/** A stream ends after this long (the board reconnects at once), so that none is held for ever. */
export const MAX_STREAM_AGE_MS = 60 * 60 * 1000;

/**
 * The public rate board of a branch (/board/{branch}): its rates as JSON, and as a server-sent events
 * stream that sends the board once on connecting and again whenever it changes. Changes are heard on
 * the currency-change notification every instance already listens to (rates refreshed, margins or a
 * board's featured currencies changed, on any instance), so a board updates within a moment of a
 * change wherever it was made.
 */
export const rateBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new Map<EventStream, { branch: string; last: string }>();
  const streamsPerAddress = new Map<string, number>();
  const boardJson = async (branch: string) =>
    JSON.stringify(
      await getRateBoard({ db: app.db, branchKey: branch, currencyList: (await app.currencyList.get()).value }),
    );

  async function pushChanges() {
    const byBranch = new Map<string, string>();
    for (const [stream, state] of streams) {
      try {
        let body = byBranch.get(state.branch);
        if (body === undefined) {
          body = await boardJson(state.branch);
          byBranch.set(state.branch, body);
        }
        if (body === state.last) continue;
        state.last = body;
        stream.send(body);
      } catch (error) {
        app.log.warn({ err: error, branch: state.branch }, "rate board not updated");
      }
    }
  }

  // The app's own handler of this channel drops the cached currency list; the boards read it a moment
  // later (a burst of changes gives one update).
  let pending: NodeJS.Timeout | undefined;
  const stopListening = await app.database.listen(channels.currencies, () => {
    clearTimeout(pending);
    pending = setTimeout(() => void pushChanges(), 50);
  });
  app.addHook("preClose", async () => {
    clearTimeout(pending);
    for (const stream of [...streams.keys()]) stream.close();
    await stopListening();
  });

  app.route({
    ...routeOf(endpoints.rates.board),
    schema: {
      ...endpoints.rates.board.schema,
      tags: ["public"],
      summary: "A branch's rate board: its featured currencies' Click & Collect and Click & Sell rates",
    },
    handler: async (request, reply) => {
      const body = await boardJson(request.params.branch);
      const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
      reply.header("etag", etag).header("cache-control", "no-cache");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(null);
      return reply
        .type("application/json; charset=utf-8")
        .serializer((payload) => payload as string)
        .send(body as never);
    },
  });

  app.route({
    ...routeOf(endpoints.rates.boardEvents),
    schema: {
      ...endpoints.rates.boardEvents.schema,
      tags: ["public"],
      summary: "The rate board as server-sent events: the board on connecting, then each time it changes",
    },
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      if (streams.size >= MAX_STREAMS)
        throw new AppError("service_unavailable", "Too many boards are open; this one will try again shortly.");
      const address = clientAddressKey(request.ip);
      if ((streamsPerAddress.get(address) ?? 0) >= MAX_STREAMS_PER_ADDRESS)
        throw new AppError(
          "rate_limited",
          "Too many boards are open from this address; this one will try again shortly.",
        );
      // Counted at once, so that requests arriving together cannot all pass the check.
      streamsPerAddress.set(address, (streamsPerAddress.get(address) ?? 0) + 1);
      const release = () => {
        const left = (streamsPerAddress.get(address) ?? 1) - 1;
        if (left > 0) streamsPerAddress.set(address, left);
        else streamsPerAddress.delete(address);
      };
      let body: string;
      try {
        body = await boardJson(request.params.branch);
      } catch (error) {
        release();
        throw error;
      }
      const stream = openEventStream(request, reply, { maxAgeMs: MAX_STREAM_AGE_MS });
      streams.set(stream, { branch: request.params.branch, last: body });
      stream.onClose(() => {
        streams.delete(stream);
        release();
      });
      stream.send(body);
    },
  });
};
