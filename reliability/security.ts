import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { CONTACT_RATE_LIMITED_MESSAGE } from "../packages/domain/src/contracts/contact.ts";
import { example, parseOperations } from "./hostile/openapi.ts";
import {
  type Context,
  createQuote,
  createReport,
  diffCounts,
  freshAdminCode,
  fingerprint,
  nextAddress,
  orderBody,
  type PartResult,
  PUBLIC_URL,
  type Reply,
  type Report,
  send,
  signIn,
  signUp,
  tableCounts,
  entryUrl,
} from "./lib.ts";

/**
 * Security:
 * - the authorisation matrix over every /api/admin operation of the OpenAPI document: anonymous → 401,
 *   a plain signed-up user → 403, an admin who has not passed the Secure Box → 403, each with a valid
 *   request aimed at real data (so a missing check would show as a change), and nothing changed;
 *   staff get through (the matrix is not vacuous); the dashboard pages redirect the first three;
 *   state changes with a staff cookie from another origin → 403;
 * - security headers on pages and API answers; the session cookie's flags over the https PUBLIC_URL;
 * - the built client files (apps/web/build/client, compressed copies included) and the answers seen
 *   here scanned for the secrets the server was given;
 * - the rate limits: the 121st quote, the 31st order, the 7th contact message; the attempt limits
 *   against two instances on one database: failed sign-ins and Secure Box attempts per address, 40
 *   parallel wrong sign-ins from one address through nginx stopping at the cap, a
 *   flood on one account that never locks its owner out, a plain user's Secure Box attempts refused
 *   without touching the counters;
 * - the pre-hijack walk: a stranger signs up with a customer's address, the verification link is opened
 *   without cookies (as a mail scanner does), and the stranger, signed in, sees none of the customer's
 *   orders or details.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function cspDirectives(header: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values.join(" "));
  }
  return map;
}

function headerOf(reply: Reply, name: string): string | undefined {
  const value = reply.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

async function authorisationMatrix(ctx: Context, report: Report, seen: Reply[]) {
  const base = entryUrl(ctx);
  const doc = (await send(base, { path: "/api/openapi.json", cookie: ctx.staffCookie })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  const ops = parseOperations(doc).filter((op) => op.admin);
  report.check(ops.length >= 10, `only ${ops.length} /api/admin operations in the OpenAPI document`);

  // Identities: anonymous, a plain user, an admin without the Secure Box step, staff.
  const plain = await signUp(base, `plain-${randomUUID().slice(0, 8)}@reliability.test`, "plain-password-123");
  const unverified = await signIn(base, ctx.secrets.adminEmail, ctx.secrets.adminPassword);
  // Real targets, so that a missing check would change something visible.
  const quote = await createQuote(base);
  const key = randomUUID();
  const placed = await send(base, {
    method: "POST",
    path: "/api/orders",
    body: orderBody([quote], { idempotencyKey: key, email: "matrix@reliability.test" }),
    ip: nextAddress(),
  });
  report.check(placed.status === 201, `placing the matrix's target order answered ${placed.status}`);
  const { rows } = await ctx.pool.query<{ id: string }>(
    "select id::text as id from orders where idempotency_key = $1",
    [key],
  );
  const orderId = rows[0]?.id ?? randomUUID();
  let orderNumber = "00000000";
  try {
    orderNumber = placed.json<{ orderNumber: string }>().orderNumber;
  } catch {}
  // Operations whose query parameters are optional one by one but not all together.
  const queries: Record<string, string> = { "GET /api/admin/collect": `number=${orderNumber}` };
  const values: Record<string, string> = { id: orderId, code: "EUR", transition: "cancel" };
  const bodies: Record<string, unknown> = {
    "POST /api/admin/currencies": { code: "XAG", label: "Silver (matrix)", sell: "-5", buy: "5" },
    "PUT /api/admin/currencies/{code}": { label: "Changed by the matrix", sell: "-9", buy: "9" },
    "PUT /api/admin/rates/refresh": { enabled: true },
    "POST /api/admin/rates/check": { code: "EUR" },
  };

  const before = await tableCounts(ctx.pool);
  const printBefore = await fingerprint(ctx.pool);
  let checked = 0;
  for (const op of ops) {
    const name = `${op.method} ${op.template}`;
    const url = op.template.replace(/\{([^}]+)\}/g, (_m, p: string) =>
      p === "id" && op.template.includes("/users/") ? plain.userId : (values[p] ?? "x"),
    );
    const query = op.parameters
      .filter((p) => p.in === "query" && p.required)
      .map((p) => `${p.name}=${p.schema.enum?.[0] ?? "1"}`);
    if (queries[name]) query.push(queries[name]);
    const fullPath = query.length ? `${url}?${query.join("&")}` : url;
    const body = bodies[name] ?? (op.body ? example(op.body) : undefined);
    const identities: [string, string | undefined, number, string][] = [
      ["anonymous", undefined, 401, "unauthenticated"],
      ["a plain user", plain.cookie, 403, "forbidden"],
      ["an admin without the Secure Box", unverified.cookie, 403, "forbidden"],
    ];
    for (const [who, cookie, status, code] of identities) {
      const reply = await send(base, {
        method: op.method,
        path: fullPath,
        ...(body !== undefined ? { body } : {}),
        ...(cookie ? { cookie } : {}),
        origin: true,
        ip: nextAddress(),
      });
      checked++;
      let gotCode = "";
      try {
        gotCode = reply.json<{ error: { code: string } }>().error.code;
      } catch {}
      report.check(
        reply.status === status && gotCode === code,
        `authorisation: ${name} as ${who} answered ${reply.status} ${gotCode || reply.text.slice(0, 80)} (expected ${status} ${code})`,
      );
      if (who === "an admin without the Secure Box" && reply.status === 403) {
        report.check(
          /Secure Box/.test(reply.text),
          `authorisation: ${name} as an unverified admin: 403 does not point to the Secure Box`,
        );
      }
    }
    // Staff get past the check: GETs answer 200; state changes get a harmless refusal (invalid body or unknown id).
    const staffPath =
      op.method === "GET" ? fullPath : fullPath.replace(orderId, randomUUID()).replace(plain.userId, "no-such-user");
    const staffBody = op.method === "GET" ? undefined : op.body ? {} : undefined;
    const staff = await send(base, {
      method: op.method,
      path: staffPath,
      ...(staffBody !== undefined ? { body: staffBody } : {}),
      cookie: ctx.staffCookie,
      origin: true,
      ip: nextAddress(),
    });
    seen.push(staff);
    report.check(
      staff.status !== 401 &&
        staff.status !== 403 &&
        staff.status < 500 &&
        (op.method !== "GET" || staff.status === 200),
      `authorisation: ${name} as staff answered ${staff.status} ${staff.text.slice(0, 120)}`,
    );
  }
  const after = await tableCounts(ctx.pool);
  // Route limits count every request, refused or not, in attempt_counters (shared by the instances,
  // decision 032): a new address's first request to a limited route adds its counter. That is the limit
  // working, not a refused request changing data.
  const { attempt_counters: _countersBefore, ...dataBefore } = before;
  const { attempt_counters: _countersAfter, ...dataAfter } = after;
  const changes = diffCounts(dataBefore, dataAfter);
  report.check(changes.length === 0, `refused staff requests changed row counts: ${changes.join(", ")}`);
  report.check(
    (await fingerprint(ctx.pool)) === printBefore,
    "refused staff requests changed currencies, orders, roles or settings",
  );

  // Cross-site state change with a staff cookie.
  for (const headers of [{ origin: "https://evil.example" }, { origin: "null" }, {} as Record<string, string>]) {
    const reply = await send(base, {
      method: "POST",
      path: `/api/admin/orders/${orderId}/cancel`,
      cookie: ctx.staffCookie,
      headers,
      ip: nextAddress(),
    });
    report.check(
      reply.status === 403,
      `a staff state change from ${headers.origin ?? "no origin"} answered ${reply.status} (403 expected)`,
    );
  }
  const status = await ctx.pool.query<{ status: string }>("select status from orders where id = $1", [orderId]);
  report.check(status.rows[0]?.status === "pending", `the matrix's target order became ${status.rows[0]?.status}`);

  // The dashboard pages: anonymous and plain users to /signIn, unverified admins to /box, staff in.
  const pages = [
    "/dashboard",
    "/dashboard/Statics",
    "/dashboard/manageOrders",
    `/dashboard/orderDetails/${orderId}`,
    "/dashboard/Users",
  ];
  for (const page of pages) {
    for (const [who, cookie, target] of [
      ["anonymous", undefined, "/signIn"],
      ["a plain user", plain.cookie, "/signIn"],
      ["an admin without the Secure Box", unverified.cookie, "/box"],
    ] as const) {
      const reply = await send(base, { path: page, ...(cookie ? { cookie } : {}), ip: nextAddress() });
      const location = headerOf(reply, "location") ?? "";
      const redirected = reply.status >= 300 && reply.status < 400 && new URL(location, PUBLIC_URL).pathname === target;
      // A signed-in customer may equally be shown the product's 403 page.
      const refused = who === "a plain user" && reply.status === 403;
      report.check(
        redirected || refused,
        `page guard: ${page} as ${who} answered ${reply.status} ${location} (redirect to ${target} expected)`,
      );
      report.check(!reply.text.includes("matrix@reliability.test"), `page guard: ${page} as ${who} shows order data`);
    }
    const staff = await send(base, { path: page, cookie: ctx.staffCookie, ip: nextAddress() });
    seen.push(staff);
    report.check(
      staff.status === 200 || (page === "/dashboard" && staff.status === 302),
      `page guard: ${page} as staff answered ${staff.status}`,
    );
  }
  report.metrics.authorisationRequests = checked;
  report.note(
    `authorisation matrix: ${ops.length} /api/admin operations × anonymous/plain user/unverified admin/staff, ${pages.length} dashboard pages`,
  );
  return { plain, unverified };
}

async function headersAndCookies(ctx: Context, report: Report, seen: Reply[]) {
  const base = entryUrl(ctx);
  const pages = ["/", "/exchangeRates", "/contact", "/signIn", "/faq", "/purchase/EUR/Order", "/no-such-page"];
  for (const page of pages) {
    const reply = await send(base, { path: page, ip: nextAddress(), headers: { accept: "text/html" } });
    seen.push(reply);
    const csp = cspDirectives(headerOf(reply, "content-security-policy"));
    const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? "";
    const where = `${page} (${reply.status})`;
    report.check(reply.status === 200 || page === "/no-such-page", `${where}: page did not answer 200`);
    report.check(csp.size > 0, `${where}: no Content-Security-Policy`);
    report.check(
      !scriptSrc.includes("'unsafe-inline'") && !scriptSrc.includes("'unsafe-eval'"),
      `${where}: script-src allows unsafe code: ${scriptSrc}`,
    );
    report.check(csp.get("frame-ancestors") === "'none'", `${where}: frame-ancestors is ${csp.get("frame-ancestors")}`);
    report.check(csp.get("object-src") === "'none'", `${where}: object-src is ${csp.get("object-src")}`);
    report.check(
      headerOf(reply, "x-content-type-options") === "nosniff",
      `${where}: no X-Content-Type-Options: nosniff`,
    );
    report.check(
      /max-age=\d{7,}/.test(headerOf(reply, "strict-transport-security") ?? ""),
      `${where}: no HSTS over the https PUBLIC_URL`,
    );
    report.check(!reply.headers["x-powered-by"], `${where}: X-Powered-By present`);
    // Every inline script carries this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    const inline = [...reply.text.matchAll(/<script\b([^>]*)>/g)].filter((m) => !/\bsrc=/.test(m[1] ?? ""));
    const unnonced = inline.filter((m) => !(m[1] ?? "").includes(`nonce="${nonce}"`));
    report.check(unnonced.length === 0, `${where}: ${unnonced.length} inline scripts without the CSP nonce`);
  }
  const docs = await send(base, { path: "/api/docs/", ip: nextAddress() });
  const docsCsp = cspDirectives(headerOf(docs, "content-security-policy"));
  report.check(headerOf(docs, "x-content-type-options") === "nosniff", "/api/docs: no nosniff");
  report.check(
    !(docsCsp.get("script-src") ?? "").includes("'unsafe-inline'"),
    `/api/docs: script-src ${docsCsp.get("script-src")}`,
  );
  report.check(
    docsCsp.get("frame-ancestors") === "'none'",
    `/api/docs (the swagger-ui reference page) sends frame-ancestors ${docsCsp.get("frame-ancestors")}, not 'none'`,
  );
  for (const api of ["/api/currencies", "/api/health", "/api/branches", "/api/nothing-here", "/api/session"]) {
    const reply = await send(base, { path: api, ip: nextAddress() });
    seen.push(reply);
    const csp = cspDirectives(headerOf(reply, "content-security-policy"));
    report.check(headerOf(reply, "x-content-type-options") === "nosniff", `${api}: no X-Content-Type-Options: nosniff`);
    report.check(
      csp.get("default-src") === "'none'" && csp.get("frame-ancestors") === "'none'",
      `${api}: CSP ${headerOf(reply, "content-security-policy")}`,
    );
    report.check(
      /^application\/json/.test(headerOf(reply, "content-type") ?? ""),
      `${api}: content type ${headerOf(reply, "content-type")}`,
    );
  }

  // Session cookie flags, from a real sign-in over the https PUBLIC_URL.
  const signedIn = await signIn(base, ctx.secrets.adminEmail, ctx.secrets.adminPassword);
  report.check(signedIn.setCookie.length > 0, "sign-in set no cookie");
  const session = signedIn.setCookie.find((c) => /^__Secure-[^=]*session_token=/.test(c));
  report.check(
    Boolean(session),
    `no __Secure- session cookie in ${signedIn.setCookie.map((c) => c.split("=")[0]).join(", ")}`,
  );
  for (const cookie of signedIn.setCookie) {
    const name = cookie.split("=")[0];
    const attributes = cookie.split(";").map((a) => a.trim().toLowerCase());
    report.check(attributes.includes("httponly"), `cookie ${name} is not HttpOnly`);
    report.check(attributes.includes("secure"), `cookie ${name} is not Secure`);
    report.check(
      attributes.includes("samesite=lax") || attributes.includes("samesite=strict"),
      `cookie ${name} has no SameSite=Lax/Strict: ${cookie.replace(/=[^;]*/, "=…")}`,
    );
    report.check(/^__(Secure|Host)-/.test(name ?? ""), `cookie ${name} has no __Secure-/__Host- prefix`);
  }
  report.note(
    `headers checked on ${pages.length} pages and 5 API answers; cookies: ${signedIn.setCookie.map((c) => c.split(";").slice(0, 1).join("").split("=")[0]).join(", ")}`,
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

async function secrets(ctx: Context, report: Report, seen: Reply[]) {
  const base = entryUrl(ctx);
  const values: [string, string][] = [
    ["SECURE_BOX_PASSWORD", ctx.secrets.secureBoxPassword],
    ["AUTH_SECRET", ctx.secrets.authSecret],
    ["RATES_API_KEY", ctx.secrets.ratesApiKey],
    ["BOOTSTRAP_ADMIN_PASSWORD", ctx.secrets.adminPassword],
    ["BOOTSTRAP_ADMIN_TOTP_SECRET", ctx.secrets.adminTotpSecret],
    ["DATABASE_URL", ctx.dbUrl],
  ];
  // Patterns that would mean a build baked in server configuration.
  const patterns: [string, RegExp][] = [
    ["a postgres:// URL", /postgres(ql)?:\/\/[^\s"'`]+@/],
    ["a private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
    [
      "a server environment variable name",
      /\b(SECURE_BOX_PASSWORD|AUTH_SECRET|RATES_API_KEY|BOOTSTRAP_ADMIN_PASSWORD|DATABASE_URL|SMTP_URL)\b/,
    ],
  ];
  const clientDir = path.join(root, "apps/web", process.env.WEB_BUILD_DIR ?? "build", "client");
  const files = filesUnder(clientDir);
  let bytes = 0;
  for (const file of files) {
    let content = readFileSync(file);
    try {
      if (file.endsWith(".gz")) content = gunzipSync(content);
      else if (file.endsWith(".br")) content = brotliDecompressSync(content);
    } catch {
      report.fail(`built file ${path.relative(root, file)} does not decompress`);
      continue;
    }
    bytes += content.length;
    const text = content.toString("latin1");
    for (const [name, value] of values) {
      report.check(
        !text.includes(value),
        `built client file ${path.relative(root, file)} contains the ${name} given to the server`,
      );
    }
    for (const [name, pattern] of patterns) {
      const match = pattern.exec(text);
      report.check(
        !match,
        `built client file ${path.relative(root, file)} contains ${name}: ${match?.[0].slice(0, 60)}`,
      );
    }
  }
  // The rates key is used by the server (with the provider) and appears in none of its answers.
  const check = await send(base, {
    method: "POST",
    path: "/api/admin/rates/check",
    body: { code: "EUR" },
    cookie: ctx.staffCookie,
    origin: true,
    ip: nextAddress(),
  });
  seen.push(check);
  report.check(
    check.status === 200,
    `POST /api/admin/rates/check answered ${check.status}: ${check.text.slice(0, 200)}`,
  );
  report.check(
    ctx.ratesStub.keysSeen.has(ctx.secrets.ratesApiKey),
    "the server never sent RATES_API_KEY to the rates provider",
  );
  for (const api of [
    "/api/session",
    "/api/admin/rates/refresh",
    "/api/admin/currencies",
    "/api/sign-in-providers",
    "/box",
    "/dashboard/Statics",
  ]) {
    seen.push(await send(base, { path: api, cookie: ctx.staffCookie, ip: nextAddress() }));
  }
  for (const reply of seen) {
    const text = `${JSON.stringify(reply.headers)}\n${reply.text}`;
    for (const [name, value] of values) {
      if (text.includes(value))
        report.fail(`an answer (${reply.status}, ${reply.text.slice(0, 60)}) contains the ${name}`);
    }
  }
  report.note(
    `secrets: ${files.length} built client files (${Math.round(bytes / 1024)} KB decompressed) and ${seen.length} answers scanned`,
  );
}

/**
 * The contact page's form action (React Router) refuses cross-site posts and accepts a browser's own
 * post, as it arrives through the https proxy: Host and X-Forwarded-Proto of the public site, Origin
 * PUBLIC_URL.
 */
async function pageActionOrigins(ctx: Context, report: Report) {
  const base = entryUrl(ctx);
  const tag = randomUUID().slice(0, 8);
  const form = (email: string) =>
    `name=Browser+Visitor&email=${encodeURIComponent(email)}&phone=&message=Hello+from+the+contact+page&website=`;
  const proxied = {
    host: new URL(PUBLIC_URL).host,
    "x-forwarded-proto": "https",
    "content-type": "application/x-www-form-urlencoded",
    accept: "text/html",
  };
  const stored = async (email: string) =>
    (await ctx.pool.query<{ n: number }>("select count(*)::int as n from contact_messages where email = $1", [email]))
      .rows[0]?.n ?? 0;
  const sameSite = `page-${tag}@reliability.test`;
  const own = await send(base, {
    method: "POST",
    path: "/contact",
    body: form(sameSite),
    headers: { ...proxied, origin: PUBLIC_URL, "sec-fetch-site": "same-origin" },
    ip: nextAddress(),
  });
  report.check(
    own.status === 200 && (await stored(sameSite)) === 1,
    `the contact page's own form post over the https PUBLIC_URL (Origin ${PUBLIC_URL}, X-Forwarded-Proto https) ` +
      `answered ${own.status} ${own.status >= 400 ? own.text.slice(0, 60) : ""} and stored ${await stored(sameSite)} messages (200 and 1 expected)`,
  );
  const crossSite = `cross-${tag}@reliability.test`;
  const foreign = await send(base, {
    method: "POST",
    path: "/contact",
    body: form(crossSite),
    headers: { ...proxied, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    ip: nextAddress(),
  });
  report.check(
    foreign.status >= 400 && foreign.status < 500 && (await stored(crossSite)) === 0,
    `a cross-site post of the contact form answered ${foreign.status} and stored ${await stored(crossSite)} messages`,
  );
}

async function rateLimits(ctx: Context, report: Report, identities: { unverified: { cookie: string } }) {
  // The route rate limits are counted by each instance in its memory: one instance is asked directly
  // (through round-robin each would see a third). The attempt limits below are shared in the database.
  const base = ctx.product.url;

  // 120 quotes a minute from one address; the 121st is refused, another address is not.
  const ip = nextAddress();
  const quoteStatuses: number[] = [];
  for (let i = 0; i < 121; i++) {
    const reply = await send(base, {
      method: "POST",
      path: "/api/quotes",
      body: { currency: "EUR", way: "Order", gbpMinor: 10_000 },
      ip,
    });
    quoteStatuses.push(reply.status);
    if (i === 120) {
      report.check(
        reply.status === 429,
        `the 121st quote from one address within a minute answered ${reply.status} (429 expected)`,
      );
      report.check(Boolean(reply.headers["retry-after"]), "the 121st quote's 429 has no Retry-After");
    }
  }
  const early = quoteStatuses.slice(0, 120).filter((s) => s !== 201).length;
  report.check(early === 0, `${early} of the first 120 quotes from one address were refused`);
  const other = await send(base, {
    method: "POST",
    path: "/api/quotes",
    body: { currency: "EUR", way: "Order", gbpMinor: 10_000 },
    ip: nextAddress(),
  });
  report.check(other.status === 201, `a quote from another address after the limit answered ${other.status}`);

  // 30 orders a minute from one address; the 31st is refused and not stored.
  const orderIp = nextAddress();
  const keys: string[] = [];
  let lastStatus = 0;
  for (let i = 0; i < 31; i++) {
    const quote = await createQuote(base, { gbpMinor: 12_000 });
    const key = randomUUID();
    keys.push(key);
    const reply = await send(base, {
      method: "POST",
      path: "/api/orders",
      body: orderBody([quote], { idempotencyKey: key, email: `limit-${i}@reliability.test` }),
      ip: orderIp,
    });
    lastStatus = reply.status;
    if (i < 30) report.check(reply.status === 201, `order ${i + 1} of 30 from one address answered ${reply.status}`);
  }
  report.check(
    lastStatus === 429,
    `the 31st order from one address within a minute answered ${lastStatus} (429 expected)`,
  );
  const stored = await ctx.pool.query<{ n: number }>(
    "select count(*)::int as n from orders where idempotency_key = any($1)",
    [keys],
  );
  report.check(stored.rows[0]?.n === 30, `${stored.rows[0]?.n} of the 31 orders were stored (30 expected)`);

  // 6 contact messages per 10 minutes from one address.
  const contactIp = nextAddress();
  const tag = randomUUID().slice(0, 8);
  for (let i = 0; i < 7; i++) {
    const reply = await send(base, {
      method: "POST",
      path: "/api/contact",
      body: { name: "Rate Limit", email: `contact-${tag}@reliability.test`, message: `Question ${i + 1}` },
      ip: contactIp,
    });
    if (i < 6)
      report.check(
        reply.status === 200,
        `contact message ${i + 1} of 6 answered ${reply.status}: ${reply.text.slice(0, 120)}`,
      );
    else {
      report.check(
        reply.status === 429,
        `the 7th contact message within 10 minutes answered ${reply.status} (429 expected)`,
      );
      report.check(
        reply.text.includes(CONTACT_RATE_LIMITED_MESSAGE),
        "the 7th contact message's 429 lacks the product's message",
      );
    }
  }
  const messages = await ctx.pool.query<{ n: number }>(
    "select count(*)::int as n from contact_messages where email = $1",
    [`contact-${tag}@reliability.test`],
  );
  report.check(messages.rows[0]?.n === 6, `${messages.rows[0]?.n} contact messages stored (6 expected)`);

  // Attempt limits, alternating between two instances on one database: what one counts, the other sees.
  const instances = [base, ctx.peer?.url ?? base];
  report.check(instances[0] !== instances[1], "attempt limits: no second instance to alternate with");
  const on = (i: number) => instances[i % instances.length]!;
  const counters = async (prefix: string) =>
    (
      await ctx.pool.query<{ n: number }>("select count(*)::int as n from attempt_counters where key like $1", [
        `${prefix}%`,
      ])
    ).rows[0]?.n ?? 0;

  // Sign-in, per address: 20 failures, then 429 on either instance.
  const signInIp = nextAddress();
  for (let i = 0; i < 20; i++) {
    const reply = await send(on(i), {
      method: "POST",
      path: "/api/auth/sign-in/email",
      body: { email: `nobody-${tag}-${i}@reliability.test`, password: `wrong-password-${i}` },
      origin: true,
      ip: signInIp,
    });
    report.check(reply.status === 401, `wrong sign-in ${i + 1} from one address answered ${reply.status}`);
  }
  for (const instance of instances) {
    const refused = await send(instance, {
      method: "POST",
      path: "/api/auth/sign-in/email",
      body: { email: `nobody-${tag}@reliability.test`, password: "wrong-password" },
      origin: true,
      ip: signInIp,
    });
    report.check(
      refused.status === 429,
      `the 21st failed sign-in from one address answered ${refused.status} (429 expected)`,
    );
  }

  // Sign-in, per address, in parallel: 40 wrong passwords sent at once through nginx (round-robin over
  // three instances) stop at the cap of 20, since each attempt is counted before it is judged.
  const parallelIp = nextAddress();
  const parallel = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      send(entryUrl(ctx), {
        method: "POST",
        path: "/api/auth/sign-in/email",
        body: { email: `parallel-${tag}-${i}@reliability.test`, password: `wrong-password-${i}` },
        origin: true,
        ip: parallelIp,
      }),
    ),
  );
  const judged = parallel.filter((reply) => reply.status === 401).length;
  const refusedAtCap = parallel.filter((reply) => reply.status === 429).length;
  report.check(
    judged === 20 && refusedAtCap === 20,
    `40 parallel wrong sign-ins from one address: ${judged} answered 401, ${refusedAtCap} 429 (20 and 20 expected)`,
  );

  // Sign-in, per account: a flood of wrong passwords from many addresses slows answers down but never
  // locks the owner out: the right password from a fresh address still signs in.
  const email = `limited-${tag}@reliability.test`;
  await signUp(base, email, "limited-password-123");
  const flood = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      send(on(i), {
        method: "POST",
        path: "/api/auth/sign-in/email",
        body: { email, password: `wrong-password-${i}` },
        origin: true,
        ip: nextAddress(),
      }),
    ),
  );
  report.check(
    flood.every((reply) => reply.status === 401),
    `a flood of wrong sign-ins for one e-mail answered ${flood.map((r) => r.status).join(",")} (401 each expected)`,
  );
  const owner = await send(on(1), {
    method: "POST",
    path: "/api/auth/sign-in/email",
    body: { email, password: "limited-password-123" },
    origin: true,
    ip: nextAddress(),
  });
  report.check(owner.status === 200, `the owner's sign-in after a flood answered ${owner.status} (200 expected)`);

  // Secure Box: a plain user is refused without touching the counters.
  const plain = await signUp(base, `box-plain-${tag}@reliability.test`, "plain-password-123");
  const countersBefore = await counters("secure-box:");
  for (let i = 0; i < 8; i++) {
    const reply = await send(on(i), {
      method: "POST",
      path: "/api/box",
      body: { username: ctx.secrets.secureBoxUsername, password: `not-the-password-${i}` },
      cookie: plain.cookie,
      origin: true,
      ip: nextAddress(),
    });
    report.check(reply.status === 403, `a plain user's Secure Box attempt answered ${reply.status} (403 expected)`);
  }
  report.check(
    (await counters("secure-box:")) === countersBefore,
    "a plain user's Secure Box attempts changed the attempt counters",
  );

  // Secure Box, per address: 10 failures, then 429 even for the right password, on either instance.
  const auditBefore = await ctx.pool.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'secure_box.failed'",
  );
  const boxIp = nextAddress();
  for (let i = 0; i < 10; i++) {
    const reply = await send(on(i), {
      method: "POST",
      path: "/api/box",
      body: { username: `guess-${i}`, password: `guess-${i}-password` },
      cookie: identities.unverified.cookie,
      origin: true,
      ip: boxIp,
    });
    report.check(reply.status === 403, `Secure Box guess ${i + 1} from one address answered ${reply.status}`);
  }
  for (const instance of instances) {
    const eleventhGuess = await send(instance, {
      method: "POST",
      path: "/api/box",
      body: { username: ctx.secrets.secureBoxUsername, password: ctx.secrets.secureBoxPassword },
      cookie: identities.unverified.cookie,
      origin: true,
      ip: boxIp,
    });
    report.check(
      eleventhGuess.status === 429,
      `the 11th Secure Box attempt from one address answered ${eleventhGuess.status} (429 expected)`,
    );
  }
  const session = await send(base, { path: "/api/session", cookie: identities.unverified.cookie, ip: nextAddress() });
  report.check(
    session.status === 200 && session.json<{ staffVerified?: boolean } | null>()?.staffVerified === false,
    `after refused Secure Box attempts the session reads ${session.text.slice(0, 120)}`,
  );
  // ...while the same admin, from a fresh address, still gets in (slowed down, not locked).
  const fresh = await send(on(1), {
    method: "POST",
    path: "/api/box",
    body: {
      username: ctx.secrets.secureBoxUsername,
      password: ctx.secrets.secureBoxPassword,
      code: await freshAdminCode(ctx.secrets),
    },
    cookie: identities.unverified.cookie,
    origin: true,
    ip: nextAddress(),
  });
  report.check(fresh.status === 200, `the right Secure Box password from a fresh address answered ${fresh.status}`);
  const auditAfter = await ctx.pool.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'secure_box.failed'",
  );
  const audited = (auditAfter.rows[0]?.n ?? 0) - (auditBefore.rows[0]?.n ?? 0);
  report.check(audited === 10, `${audited} failed Secure Box attempts audited (10 expected)`);
  report.note(
    "rate limits: 121st quote 429, 31st order 429 (not stored), 7th contact message 429; attempt limits over two instances: 21st failed sign-in per address 429, 40 parallel wrong sign-ins stop at 20, the owner signs in after a flood, a plain user's Secure Box attempts 403 and uncounted, 11th Secure Box attempt per address 429, the admin still gets in from a fresh address",
  );
}

/**
 * The pre-hijack walk (decision 030): a customer ordered as a guest; a stranger signs up with the
 * customer's address and their own password; the verification link is opened without cookies, as a mail
 * scanner or a puzzled click would. The address must stay unconfirmed, and the stranger, signed in, must
 * see no order, no prefilled name or phone, and no order in the own data export.
 */
async function preHijack(ctx: Context, report: Report) {
  const base = entryUrl(ctx);
  const customer = `customer-${randomUUID().slice(0, 8)}@reliability.test`;
  const quote = await createQuote(base);
  const placed = await send(base, {
    method: "POST",
    path: "/api/orders",
    body: orderBody([quote], { idempotencyKey: randomUUID(), email: customer }),
    ip: nextAddress(),
  });
  report.check(placed.status === 201, `the customer's guest order answered ${placed.status}`);
  let orderNumber = "no-order-number";
  try {
    orderNumber = placed.json<{ orderNumber: string }>().orderNumber;
  } catch {}

  const stranger = await signUp(base, customer, "a-strangers-own-password");
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    const { rows } = await ctx.pool.query<{ url: string }>(
      "select payload->'data'->>'url' as url from outbox where kind = 'email-verification' and payload->>'to' = $1",
      [customer],
    );
    link = rows[0]?.url;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  report.check(link !== undefined, "no verification e-mail was queued for the stranger's sign-up");
  if (!link) return;
  const url = new URL(link);
  const opened = await send(base, { path: `${url.pathname}${url.search}`, ip: nextAddress() });
  report.check(opened.status === 200, `the verification link's page answered ${opened.status} without cookies`);
  const libraryLink = await send(base, {
    path: `/api/auth/verify-email${url.search}&callbackURL=%2F`,
    ip: nextAddress(),
  });
  report.check(libraryLink.status === 404, `the library's GET verify-email answered ${libraryLink.status}`);
  const posted = await send(base, {
    method: "POST",
    path: "/api/account/email-verification",
    body: { token: url.searchParams.get("token") },
    ip: nextAddress(),
    origin: true,
  });
  report.check(posted.status === 401, `the link's token posted without a session answered ${posted.status}`);
  const { rows } = await ctx.pool.query<{ verified: boolean }>(
    "select email_verified as verified from users where email = $1",
    [customer],
  );
  report.check(rows[0]?.verified === false, "the stranger's account was verified by a cookie-less visit");

  const myOrders = await send(base, { path: "/api/account/orders", cookie: stranger.cookie, ip: nextAddress() });
  report.check(
    myOrders.status === 403 && !myOrders.text.includes(orderNumber),
    `My orders answered the stranger ${myOrders.status}`,
  );
  const prefill = await send(base, { path: "/api/account/order-details", cookie: stranger.cookie, ip: nextAddress() });
  report.check(
    prefill.status === 200 &&
      prefill.json<{ lastName: string; phone: string }>().lastName !== "Customer" &&
      prefill.json<{ phone: string }>().phone === "",
    `the order form's prefill gave the stranger ${prefill.text.slice(0, 200)}`,
  );
  const exported = await send(base, { path: "/api/account/data-export", cookie: stranger.cookie, ip: nextAddress() });
  report.check(
    exported.status === 200 && !exported.text.includes(orderNumber),
    `the stranger's own data export answered ${exported.status} and held the customer's order: ${exported.text.includes(orderNumber)}`,
  );
  report.note(
    "pre-hijack walk: the link opened without cookies verified nothing; the stranger saw no order, prefill or export of the customer's",
  );
}

export async function runSecurity(ctx: Context): Promise<PartResult> {
  const report = createReport("security");
  const seen: Reply[] = [];
  const identities = await authorisationMatrix(ctx, report, seen);
  await headersAndCookies(ctx, report, seen);
  await secrets(ctx, report, seen);
  await pageActionOrigins(ctx, report);
  await rateLimits(ctx, report, identities);
  await preHijack(ctx, report);
  report.metrics.answersScannedForSecrets = seen.length;
  return report.result();
}
