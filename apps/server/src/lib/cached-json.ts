import { createHash } from "node:crypto";

/** The body is kept encoded: re-encoding a large string on every response was the main cost under load. */
export type CachedJson<T = unknown> = {
  body: Buffer;
  etag: string /** What was encoded. Do not change it. */;
  value: T;
};

/**
 * Keeps a serialised JSON document and its ETag for a short time so that a busy public endpoint
 * does not query and serialise on every request. The short TTL (not only local invalidation) keeps
 * several server instances in step after another instance changes the data.
 */
export function createCachedJson<T>(load: () => Promise<T>, ttlMs: number) {
  let cached: { value: CachedJson<T>; expiresAt: number } | undefined;
  let pending: Promise<CachedJson<T>> | undefined;

  async function refresh(): Promise<CachedJson<T>> {
    const value = await load();
    const body = Buffer.from(JSON.stringify(value), "utf8");
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    cached = { value: { body, etag, value }, expiresAt: Date.now() + ttlMs };
    return cached.value;
  }

  return {
    async get(): Promise<CachedJson<T>> {
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
