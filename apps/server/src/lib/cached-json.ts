import { createHash } from "node:crypto";

/** The body is kept encoded: re-encoding a large string on every response was the main cost under load. */
export type CachedJson = { body: Buffer; etag: string };

/**
 * Keeps a serialised JSON document and its ETag for a short time so that a busy public endpoint
 * does not query and serialise on every request. The short TTL (not only local invalidation) keeps
 * several server instances in step after another instance changes the data.
 */
export function createCachedJson(load: () => Promise<unknown>, ttlMs: number) {
  let cached: { value: CachedJson; expiresAt: number } | undefined;
  let pending: Promise<CachedJson> | undefined;

  async function refresh(): Promise<CachedJson> {
    const body = Buffer.from(JSON.stringify(await load()), "utf8");
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    cached = { value: { body, etag }, expiresAt: Date.now() + ttlMs };
    return cached.value;
  }

  return {
    async get(): Promise<CachedJson> {
      if (cached && cached.expiresAt > Date.now()) return cached.value;
      // Concurrent misses share one load.
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
