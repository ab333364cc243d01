import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { Secret, TOTP } from "otpauth";
import type pg from "pg";
import { cookieHeaderFrom } from "../apps/server/src/test/auth-helpers.ts";
import type { RunningProduct } from "../bench/servers.ts";
import type { SmtpSink } from "./smtp-sink.ts";

/** The site's public origin: https, so the server trusts X-Forwarded-For from loopback and cookies are Secure. */
export const PUBLIC_URL = "https://reliability.harbourfx.test";
export const MAIL_DOMAIN = new URL(PUBLIC_URL).hostname;

/** Values passed to the server that must never reach a browser. */
export type Secrets = {
  authSecret: string;
  secureBoxUsername: string;
  secureBoxPassword: string;
  adminEmail: string;
  adminPassword: string;
  /** The bootstrap admin's authenticator secret (BOOTSTRAP_ADMIN_TOTP_SECRET, base32). */
  adminTotpSecret: string;
  ratesApiKey: string;
};

export function makeSecrets(): Secrets {
  const token = (bytes: number) => randomBytes(bytes).toString("base64url");
  return {
    authSecret: `auth-${token(32)}`,
    secureBoxUsername: `box-${token(6)}`,
    secureBoxPassword: `box-pass-${token(16)}`,
    adminEmail: `admin-${randomBytes(4).toString("hex")}@reliability.harbourfx.test`,
    adminPassword: `admin-pass-${token(16)}`,
    adminTotpSecret: new Secret({ size: 20 }).base32,
    ratesApiKey: `rates-key-${token(24)}`,
  };
}

/** The running product and everything the parts share. `url` changes when the crash part restarts it. */
export type Context = {
  product: RunningProduct;
  /** Restarts the product on the same database (after a crash). */
  startAgain(): Promise<RunningProduct>;
  dbUrl: string;
  pool: pg.Pool;
  secrets: Secrets;
  sink: SmtpSink;
  ratesStub: { url: string; keysSeen: Set<string>; requests: number };
  /** Cookie header of the bootstrap admin whose session passed the Secure Box. */
  staffCookie: string;
  staffUserId: string;
  /** Every PID the product ran under (a restart the crash part did not ask for shows here). */
  pids: number[];
  /** Orders the load part placed (for the e-mail part's report). */
  loadOrders?: number;
  /** A second instance of the product on the same database (the security part's attempt limits). */
  peer?: RunningProduct;
  /**
   * nginx, round-robin over `product` and two more instances on the same database, when nginx is
   * installed (or installable): the load, crash and security parts send their traffic through it.
   */
  front?: { url: string; peers: RunningProduct[]; stop(): Promise<void> };
};

/** Where the load, crash and security parts send customers: nginx when it runs, else the product itself. */
export function entryUrl(ctx: Context): string {
  return ctx.front?.url ?? ctx.product.url;
}

export type PartResult = {
  name: string;
  ok: boolean;
  seconds: number;
  failures: string[];
  warnings: string[];
  notes: string[];
  metrics: Record<string, unknown>;
};

/** Collects a part's failures (each a precise sentence), warnings and notes. */
export function createReport(name: string) {
  const started = performance.now();
  const failures: string[] = [];
  const warnings: string[] = [];
  const notes: string[] = [];
  const metrics: Record<string, unknown> = {};
  return {
    failures,
    metrics,
    fail(message: string) {
      failures.push(message);
    },
    /** Passes when `condition` holds, otherwise records `message`. */
    check(condition: boolean, message: string) {
      if (!condition) failures.push(message);
      return condition;
    },
    warn(message: string) {
      warnings.push(message);
    },
    note(message: string) {
      notes.push(message);
    },
    result(): PartResult {
      return {
        name,
        ok: failures.length === 0,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        failures,
        warnings,
        notes,
        metrics,
      };
    },
  };
}
export type Report = ReturnType<typeof createReport>;

let addressCounter = 0;
/**
 * A client address of its own for each simulated customer (10.x.y.z; the server trusts
 * X-Forwarded-For from loopback because PUBLIC_URL is https). Never repeats within a run, so one
 * part's rate-limit counters never spill into another's.
 */
export function nextAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
/** Addresses from a range no other part uses (for autocannon's connections): 11.x.y.z. */
export function loadAddress(n: number): string {
  return `11.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  ms: number;
  json<T = unknown>(): T;
};

export type SendOptions = {
  method?: string;
  /** Sent as is (already percent-encoded where needed). */
  path: string;
  headers?: Record<string, string | string[]>;
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
  /** X-Forwarded-For: the simulated customer's address. */
  ip?: string;
  cookie?: string;
  /** Adds `origin: PUBLIC_URL`, as a same-site browser does on a state change. */
  origin?: boolean;
  timeoutMs?: number;
  /** A new connection, closed afterwards, instead of a kept-alive one. */
  fresh?: boolean;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One HTTP request with node:http (no URL normalisation, no automatic headers, no decompression),
 * so that hostile paths, bodies and headers reach the server exactly as written.
 */
export function send(base: string, options: SendOptions): Promise<Reply> {
  const target = new URL(base);
  const headers: Record<string, string | string[]> = { ...(options.headers ?? {}) };
  let body: Buffer | undefined;
  if (options.body !== undefined) {
    if (Buffer.isBuffer(options.body)) body = options.body;
    else if (typeof options.body === "string") body = Buffer.from(options.body);
    else {
      body = Buffer.from(JSON.stringify(options.body));
      if (!hasHeader(headers, "content-type")) headers["content-type"] = "application/json";
    }
  }
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = PUBLIC_URL;
  if (body && !hasHeader(headers, "content-length") && !hasHeader(headers, "transfer-encoding")) {
    headers["content-length"] = String(body.length);
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? (body ? "POST" : "GET"),
        path: options.path,
        headers,
        agent: options.fresh ? false : agent,
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const buffer = Buffer.concat(chunks);
          const text = buffer.toString("utf8");
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: buffer,
            text,
            ms: performance.now() - started,
            json<T>() {
              return JSON.parse(text) as T;
            },
          });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${options.timeoutMs ?? 30_000} ms`)));
    request.on("error", reject);
    request.end(body);
  });
}

function hasHeader(headers: Record<string, unknown>, name: string) {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/** Signs in through the real endpoint; returns the Cookie header and the set-cookie lines. */
export async function signIn(base: string, email: string, password: string, ip = nextAddress()) {
  const reply = await send(base, {
    method: "POST",
    path: "/api/auth/sign-in/email",
    body: { email, password },
    ip,
    origin: true,
  });
  if (reply.status !== 200)
    throw new Error(`sign-in of ${email} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
  const setCookie = (reply.headers["set-cookie"] ?? []) as string[];
  return { cookie: cookieHeaderFrom(setCookie), setCookie, userId: reply.json<{ user: { id: string } }>().user.id };
}

export async function signUp(base: string, email: string, password: string, ip = nextAddress()) {
  const reply = await send(base, {
    method: "POST",
    path: "/api/auth/sign-up/email",
    body: { email, password, name: "Reliability User" },
    ip,
    origin: true,
  });
  if (reply.status !== 200)
    throw new Error(`sign-up of ${email} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
  // A sign-up signs nobody in (it answers the same for a taken address): the new account signs in.
  return signIn(base, email, password, ip);
}

const STEP_MS = 30_000;
let lastStepUsed = 0;

/**
 * A code of the bootstrap admin's authenticator (RFC 6238: SHA-1, 6 digits, 30 s) that the product
 * has not seen yet: it refuses a code used before, so when this step's code is spent the next step's
 * is taken (one step of drift is allowed), and past that this waits for the clock.
 */
export async function freshAdminCode(secrets: Secrets): Promise<string> {
  const now = () => Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now(), lastStepUsed + 1);
  while (step > now() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStepUsed = step;
  const totp = new TOTP({
    secret: Secret.fromBase32(secrets.adminTotpSecret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: step * STEP_MS });
}

export async function passSecureBox(base: string, cookie: string, secrets: Secrets) {
  const reply = await send(base, {
    method: "POST",
    path: "/api/box",
    body: {
      username: secrets.secureBoxUsername,
      password: secrets.secureBoxPassword,
      code: await freshAdminCode(secrets),
    },
    cookie,
    origin: true,
    ip: nextAddress(),
  });
  if (reply.status !== 200) throw new Error(`Secure Box answered ${reply.status}: ${reply.text.slice(0, 300)}`);
}

export type QuoteReply = { id: string; rate: string; gbpMinor: number; foreignMinor: number; way: string };

/**
 * A UK mobile number of this customer's own, derived from the e-mail: orders sharing a phone number are one
 * customer to the due-diligence rules (issue 15), so a shared number would link every order of the run
 * into one customer's totals and put them on hold.
 */
export function phoneFor(email: string): string {
  const digits = BigInt(`0x${createHash("sha256").update(email).digest("hex").slice(0, 15)}`) % 1_000_000_000n;
  return `07${digits.toString().padStart(9, "0")}`;
}

export function orderBody(
  quotes: QuoteReply[],
  options: { idempotencyKey: string; email: string; way?: string; branch?: string },
) {
  return {
    idempotencyKey: options.idempotencyKey,
    way: options.way ?? "Order",
    branch: options.branch ?? "worthing",
    lines: quotes.map((q) => ({ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor })),
    customer: {
      firstName: "Reliability",
      lastName: "Customer",
      email: options.email,
      confirmEmail: options.email,
      phone: phoneFor(options.email),
      acceptedTerms: true,
    },
  };
}

export async function createQuote(
  base: string,
  input: { currency?: string; way?: string; gbpMinor?: number; foreignMinor?: number } = {},
  ip = nextAddress(),
): Promise<QuoteReply> {
  const amount =
    input.foreignMinor !== undefined ? { foreignMinor: input.foreignMinor } : { gbpMinor: input.gbpMinor ?? 25_000 };
  const reply = await send(base, {
    method: "POST",
    path: "/api/quotes",
    body: { currency: input.currency ?? "EUR", way: input.way ?? "Order", ...amount },
    ip,
  });
  if (reply.status !== 201) throw new Error(`POST /api/quotes answered ${reply.status}: ${reply.text.slice(0, 300)}`);
  return reply.json<QuoteReply>();
}

/** Row counts of every table of the product's schema. */
export async function tableCounts(pool: pg.Pool): Promise<Record<string, number>> {
  const tables = await pool.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = await pool.query<{ n: string }>(`select count(*) as n from "${table_name}"`);
    counts[table_name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * A fingerprint of what a request could change without adding a row: currencies and their margins,
 * order statuses, user roles, settings (competitor figures, live-rates switch). Job leases live in the
 * settings table too but are renewed by the running instances on their own, so they are left out.
 */
export async function fingerprint(db: pg.Pool): Promise<string> {
  const { rows } = await db.query<{ f: string }>(`select md5(concat_ws('|',
      (select string_agg(concat_ws(',', code, label, rate, sell_margin, buy_margin, active), ';' order by code) from currencies),
      (select string_agg(concat_ws(',', id, status), ';' order by id) from orders),
      (select string_agg(concat_ws(',', id, role), ';' order by id) from users),
      (select string_agg(concat_ws(',', key, value::text), ';' order by key) from settings
        where key not like 'job_lease:%'))) as f`);
  return rows[0]?.f ?? "";
}

export function diffCounts(before: Record<string, number>, after: Record<string, number>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: string[] = [];
  for (const name of names) {
    if (before[name] !== after[name]) changes.push(`${name}: ${before[name] ?? "absent"} → ${after[name] ?? "absent"}`);
  }
  return changes;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const round = (n: number, digits = 1) => Number(n.toFixed(digits));

/** Runs `task` over `items` with at most `concurrency` at once. */
export async function pool<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (;;) {
        const index = next++;
        if (index >= items.length) return;
        await task(items[index] as T, index);
      }
    }),
  );
}

/** Lists (first `limit` of) many messages for a summary line. */
export function sample(items: string[], limit = 5): string {
  const shown = items.slice(0, limit).join("; ");
  return items.length > limit ? `${shown}; … and ${items.length - limit} more` : shown;
}

/** Strings of a response body that mean internals leaked into an answer. */
export const LEAK_MARKERS = [
  "Failed query",
  "DrizzleQueryError",
  "node_modules/",
  "    at ",
  "SQLSTATE",
  "invalid byte sequence",
  "duplicate key value",
  "ECONNREFUSED",
];
