import { randomUUID } from "node:crypto";
import net from "node:net";
import {
  type Context,
  createQuote,
  createReport,
  diffCounts,
  fingerprint,
  LEAK_MARKERS,
  nextAddress,
  type PartResult,
  PUBLIC_URL,
  pool,
  type QuoteReply,
  type Reply,
  round,
  send,
  tableCounts,
} from "./lib.ts";

/**
 * Hostile input generated from the OpenAPI document (GET /api/openapi.json): for every operation,
 * requests that are invalid by that document (wrong types, missing and unknown fields, values out of
 * range or off pattern, huge and deeply nested bodies, bad JSON, wrong content types, odd Unicode and
 * injection strings in every place they can go), sent anonymously and, for /api/admin operations,
 * with a staff session too. Plus the pages (GET/HEAD/POST of `/` and `/{*}` in the document) with
 * hostile paths, queries and form posts, and a few malformed HTTP requests on a raw socket.
 *
 * Every body is checked against the document's schema before it is sent: a body the document
 * would accept is dropped, so that nothing sent may legitimately store anything. Two families are
 * invalid for a reason the document cannot express and are kept on purpose: U+0000 in a free-text
 * field (PostgreSQL cannot store it; it must be refused with a 4xx, not stored or answered 5xx) and
 * a `__proto__` key (refused by the JSON parser).
 *
 * Checks: no 5xx, no connection dropped on a normal-sized request, no state-changing request
 * answered 2xx/3xx, anonymous /api/admin requests never get past the staff check, API errors in the
 * one error shape, no internals (stack, SQL) in any answer, no answer slower than 5 s, the process
 * still the same and healthy afterwards, and the row count of every table unchanged.
 */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema: Schema };
type Operation = {
  method: string;
  template: string;
  parameters: Parameter[];
  body: Schema | undefined;
  admin: boolean;
  page: boolean;
};
type As = "anonymous" | "staff";
type Case = {
  op: string;
  family: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  as: As;
  mutating: boolean;
  admin: boolean;
  page: boolean;
  /** A huge or malformed request the server may answer early and close. */
  mayCloseEarly?: boolean;
  /** Bytes written on a raw socket instead (malformed HTTP). */
  raw?: Buffer;
};

// ---------------------------------------------------------------------------------------------
// Hostile values

const RAW = "\u0001RAW:";
const RAW_END = "\u0001";
/** A JSON literal that JSON.stringify cannot produce, spliced into the text after stringifying. */
const rawLiteral = (literal: string) => `${RAW}${literal}${RAW_END}`;
const PROTO_KEY = "\u0001PROTO\u0001";

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  "1; SELECT pg_sleep(10)--",
  '" OR ""="',
  "admin'--",
  "1' UNION SELECT null, version()--",
  "%' AND 1=1 --",
  "\\",
  "\\'",
  "$1",
  '{"$gt": ""}',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "<svg/onload=alert(1)>",
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  "${7*7}",
  "<%= 7*7 %>",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "file:///etc/passwd",
  "; cat /etc/passwd",
  "$(id)",
  "`id`",
  "a\r\nSet-Cookie: injected=1",
  "%s%s%s%n",
  "%00",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "0x41",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
];
const ODD_UNICODE = [
  "\u0000",
  "abc\u0000def",
  "\ud800",
  "\udfff\ud800",
  "\u202eevil\u202c",
  "\u200b\u200c\u200d\ufeff",
  "Z\u0338\u0322\u031ba\u0337l\u0338g\u0335o\u0336",
  "👨‍👩‍👧‍👦".repeat(8),
  "𝕳𝖆𝖗𝖇𝖔𝖚𝖗",
  "ＥＵＲ",
  "ΕUR",
  "EUR\u0301",
  "İı",
  "ß",
  "\u0085\u2028\u2029",
  "\uffff\ufffe",
  "\u0007\u0008\u001b[31m",
  "🇬🇧",
  " ",
  "\t\n",
  "",
];
const HOSTILE_STRINGS = [...INJECTIONS, ...ODD_UNICODE];
/** Strings hostile *and* harmless in free-text fields of requests made invalid elsewhere. */
const CARRIERS = HOSTILE_STRINGS.filter((s) => s.trim() !== "");
/** Percent-encodings a browser never sends: NUL, invalid and truncated UTF-8, lone surrogates, stray %. */
const RAW_ENCODED = ["%00", "%ED%A0%80", "%FF", "%C0%AF", "%E0%A4%A", "%", "%%", "%zz", "%2e%2e%2f", "..%2F..%2F"];
const LONG_SEGMENTS = ["a".repeat(5_000), "é".repeat(3_000)];

/** Percent-encodes any string, lone surrogates included (as U+FFFD, as UTF-8 does). */
function encode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Schema helpers: examples, validity by the document, mutations

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function patternOf(schema: Schema): RegExp | undefined {
  if (!schema.pattern) return undefined;
  try {
    return new RegExp(schema.pattern, "u");
  } catch {
    return new RegExp(schema.pattern);
  }
}

function stringAccepted(schema: Schema, value: string): boolean {
  const pattern = patternOf(schema);
  const ok = (s: string) =>
    (schema.minLength === undefined || s.length >= schema.minLength) &&
    (schema.maxLength === undefined || s.length <= schema.maxLength) &&
    (!pattern || pattern.test(s)) &&
    (!schema.enum || schema.enum.includes(s));
  // Servers trim many fields before checking: a value is only counted invalid when neither it nor
  // its trimmed form passes.
  return ok(value) || ok(value.trim());
}

/** Whether the document's schema accepts the value (unknown keywords are taken as accepting). */
function accepts(schema: Schema | undefined, value: unknown): boolean {
  if (!schema) return true;
  if (schema.anyOf || schema.oneOf)
    return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((s) => accepts(s, value));
  if (schema.allOf) return schema.allOf.every((s) => accepts(s, value));
  if (typeof value === "string" && value.startsWith(RAW)) return false;
  const t = types(schema);
  if (schema.enum && !schema.enum.includes(value) && !(typeof value === "string" && stringAccepted(schema, value))) {
    return false;
  }
  if (t.length === 0) return true;
  return t.some((type) => {
    switch (type) {
      case "null":
        return value === null;
      case "boolean":
        return typeof value === "boolean" && (!schema.enum || schema.enum.includes(value));
      case "integer":
      case "number":
        return (
          typeof value === "number" &&
          Number.isFinite(value) &&
          (type === "number" || Number.isInteger(value)) &&
          (schema.minimum === undefined || value >= schema.minimum) &&
          (schema.maximum === undefined || value <= schema.maximum)
        );
      case "string":
        return typeof value === "string" && stringAccepted(schema, value);
      case "array":
        return (
          Array.isArray(value) &&
          (schema.minItems === undefined || value.length >= schema.minItems) &&
          (schema.maxItems === undefined || value.length <= schema.maxItems) &&
          value.every((item) => accepts(schema.items, item))
        );
      case "object": {
        if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
        const record = value as Record<string, unknown>;
        for (const name of schema.required ?? []) if (!(name in record)) return false;
        for (const [name, item] of Object.entries(record)) {
          const property = schema.properties?.[name];
          if (property) {
            if (!accepts(property, item)) return false;
          } else if (schema.additionalProperties === false || name === PROTO_KEY) {
            return false;
          }
        }
        return true;
      }
      default:
        return true;
    }
  });
}

export function example(schema: Schema, name = ""): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = types(schema)[0];
  if (type === "object") {
    // The required fields only (optional ones such as a spam trap change the meaning), plus one of
    // POST /api/quotes's two amounts, which the document cannot mark as "exactly one of".
    const out: Record<string, unknown> = {};
    const required = new Set([...(schema.required ?? []), "gbpMinor"]);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (required.has(key)) out[key] = example(property, key);
    }
    return out;
  }
  if (type === "array") return schema.items ? [example(schema.items, name)] : [];
  if (type === "integer" || type === "number") return Math.max(schema.minimum ?? 0, name === "gbpMinor" ? 25_000 : 100);
  if (type === "boolean") return true;
  if (type === "string") {
    if (schema.format === "uuid") return randomUUID();
    if (schema.format === "email" || /email/i.test(name)) return "reliability@example.com";
    if (/phone/i.test(name)) return "07700 900123";
    const samples = ["EUR", "1.1232", "-2.5", "07700 900123", "Order", "worthing"];
    const pattern = patternOf(schema);
    if (pattern) return samples.find((s) => pattern.test(s)) ?? "x";
    if ((schema.minLength ?? 0) > 8) return randomUUID();
    return "Reliability";
  }
  return null;
}

/** Free text: strings the document constrains by length at most. */
function isFreeText(schema: Schema) {
  return types(schema).includes("string") && !schema.pattern && !schema.enum && !schema.format;
}

type Path = (string | number)[];
type Mutation = { label: string; value: unknown };

function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], root);
}
function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root);
  if (path.length === 0) return value;
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = value;
  return copy;
}
function deleteAt(root: unknown, path: Path): unknown {
  const copy = structuredClone(root);
  const parent = getAt(copy, path.slice(0, -1)) as Record<string, unknown>;
  delete parent[path[path.length - 1] as string];
  return copy;
}

/** Values that break one node of the schema. */
function valueMutations(schema: Schema): Mutation[] {
  const t = types(schema);
  const out: Mutation[] = [];
  const wrong: [string, unknown][] = [
    ["number", 12345],
    ["boolean", true],
    ["null", null],
    ["array", ["x"]],
    ["object", { nested: "x" }],
    ["string", "12"],
    ["empty array", []],
  ];
  for (const [label, value] of wrong) out.push({ label: `wrong type (${label})`, value });
  if (t.includes("string")) {
    if (schema.maxLength !== undefined) {
      out.push({
        label: `${schema.maxLength + 1} characters (max ${schema.maxLength})`,
        value: "x".repeat(schema.maxLength + 1),
      });
      out.push({ label: "over-long emoji", value: "😀".repeat(schema.maxLength + 1) });
      out.push({ label: "60 KB string", value: "y".repeat(60_000) });
    }
    if ((schema.minLength ?? 0) > 0) {
      out.push({ label: "empty string", value: "" });
      out.push({ label: "only spaces", value: "   " });
      out.push({ label: "too short", value: "x".repeat(Math.max(0, (schema.minLength ?? 1) - 1)) });
    }
    for (const s of HOSTILE_STRINGS) out.push({ label: `hostile string ${JSON.stringify(s).slice(0, 40)}`, value: s });
    if (schema.enum)
      for (const e of schema.enum) out.push({ label: "enum in other case", value: String(e).toLowerCase() });
  }
  if (t.includes("integer") || t.includes("number")) {
    out.push({ label: "fraction", value: 1.5 });
    out.push({ label: "negative", value: -1 });
    out.push({ label: "below minimum", value: (schema.minimum ?? 0) - 1 });
    if (schema.maximum !== undefined) out.push({ label: "above maximum", value: schema.maximum + 1 });
    out.push({ label: "1e400 (Infinity)", value: rawLiteral("1e400") });
    out.push({ label: "-1e400", value: rawLiteral("-1e400") });
    out.push({ label: "huge integer literal", value: rawLiteral("9".repeat(400)) });
    out.push({ label: "numeric string", value: "100" });
  }
  if (t.includes("boolean")) {
    out.push({ label: "false for a required true", value: false });
    out.push({ label: "string true", value: "true" });
    out.push({ label: "1 for true", value: 1 });
  }
  if (t.includes("array")) {
    if ((schema.minItems ?? 0) > 0) out.push({ label: "empty array", value: [] });
    if (schema.maxItems !== undefined && schema.items) {
      out.push({
        label: `${schema.maxItems + 1} items`,
        value: Array.from({ length: schema.maxItems + 1 }, () => example(schema.items as Schema)),
      });
    }
    out.push({ label: "10,000 items", value: Array.from({ length: 10_000 }, () => 0) });
  }
  if (t.includes("object")) {
    out.push({ label: "empty object", value: {} });
  }
  return out;
}

/** Every node of a body: its path and schema. */
function walk(schema: Schema, path: Path = [], out: { path: Path; schema: Schema }[] = []) {
  out.push({ path, schema });
  const t = types(schema);
  if (t.includes("object")) {
    for (const [key, property] of Object.entries(schema.properties ?? {})) walk(property, [...path, key], out);
  }
  if (t.includes("array") && schema.items) walk(schema.items, [...path, 0], out);
  return out;
}

function bodyText(value: unknown): string {
  let text = JSON.stringify(value);
  // Splice in literals JSON.stringify cannot write.
  text = text.replace(/"\\u0001RAW:(.*?)\\u0001"/g, (_m, literal: string) => literal);
  text = text.replaceAll('"\\u0001PROTO\\u0001"', '"__proto__"');
  return text;
}

// ---------------------------------------------------------------------------------------------
// Pseudo-random, seeded (failures can be replayed with RELIABILITY_SEED)

function rng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T };
}

// ---------------------------------------------------------------------------------------------
// Generation

const PAGE_PATHS = [
  "/",
  "/exchangeRates",
  "/termsCoditition",
  "/privacyPolicy",
  "/contact",
  "/sendmony",
  "/faq",
  "/coming-soon",
  "/purchase/EUR/Order",
  "/purchase/USD/Sell",
  "/signIn",
  "/signup",
  "/account/profile",
  "/box",
  "/dashboard",
  "/dashboard/Statics",
  "/dashboard/manageOrders",
  "/dashboard/activeOrders",
  "/dashboard/history",
  "/dashboard/Currency",
  "/dashboard/addCurrency",
  "/dashboard/Users",
  "/sitemap.xml",
  "/robots.txt",
];

export function parseOperations(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      if (!["get", "head", "post", "put", "patch", "delete"].includes(method)) continue;
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      };
      ops.push({
        method: method.toUpperCase(),
        template,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema,
        admin: template.startsWith("/api/admin"),
        page: !template.startsWith("/api/"),
      });
    }
  }
  return ops;
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? "x");
}

function validParams(op: Operation, realOrderId: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of op.parameters.filter((p) => p.in === "path")) {
    if (p.schema.format === "uuid") values[p.name] = op.method === "GET" ? realOrderId : randomUUID();
    else if (p.schema.enum) values[p.name] = String(p.schema.enum[0]);
    else if (p.schema.pattern) values[p.name] = "EUR";
    else values[p.name] = `missing-${randomUUID().slice(0, 8)}`;
  }
  return values;
}

export function generateApiCases(
  op: Operation,
  as: As,
  context: { staffCookie: string; realOrderId: string; realQuote?: QuoteReply },
  random: ReturnType<typeof rng>,
): Case[] {
  const cases: Case[] = [];
  const mutating = !["GET", "HEAD"].includes(op.method);
  const opName = `${op.method} ${op.template}`;
  const baseHeaders = (): Record<string, string> => ({
    "x-forwarded-for": nextAddress(),
    accept: "application/json",
    ...(mutating ? { origin: PUBLIC_URL } : {}),
    ...(as === "staff" ? { cookie: context.staffCookie } : {}),
  });
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const goodParams = validParams(op, context.realOrderId);
  const goodQuery = queryParams
    .filter((p) => p.required)
    .map((p) => `${p.name}=${encode(String(p.schema.enum?.[0] ?? "1"))}`)
    .join("&");
  const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
  const add = (family: string, path: string, extra: Partial<Case> = {}) => {
    cases.push({
      op: opName,
      family,
      method: op.method,
      path,
      headers: { ...baseHeaders(), ...(extra.headers ?? {}) },
      as,
      mutating,
      admin: op.admin,
      page: false,
      ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== "headers")),
    });
  };
  const goodPath = withQuery(fillPath(op.template, goodParams), goodQuery);

  // Bodies
  const bodySchema = op.body;
  const validBody = bodySchema ? example(bodySchema) : undefined;
  const jsonHeaders = { "content-type": "application/json" };
  const addBody = (family: string, value: unknown, options: { force?: boolean; path?: string } = {}) => {
    if (!options.force && accepts(bodySchema, value)) return;
    add(family, options.path ?? goodPath, { body: Buffer.from(bodyText(value)), headers: jsonHeaders });
  };
  if (bodySchema && validBody !== undefined) {
    const freeTextPaths = walk(bodySchema)
      .filter((node) => isFreeText(node.schema) && node.path.length > 0)
      .map((node) => node.path);
    const carried = (value: unknown) => {
      let out = value;
      for (const path of freeTextPaths) {
        const schema = walk(bodySchema).find((n) => n.path.join(".") === path.join("."))?.schema;
        let carrier = random.pick(CARRIERS);
        if (schema?.maxLength !== undefined) carrier = carrier.slice(0, schema.maxLength);
        if (getAt(out, path.slice(0, -1)) && typeof getAt(out, path.slice(0, -1)) === "object")
          out = setAt(out, path, carrier);
      }
      return out;
    };
    for (const node of walk(bodySchema)) {
      const at = node.path.join(".") || "(body)";
      for (const mutation of valueMutations(node.schema)) {
        // Once with plain other fields, once with hostile text in every free-text field.
        addBody(`body ${at}: ${mutation.label}`, setAt(validBody, node.path, mutation.value));
        addBody(`body ${at}: ${mutation.label} (+hostile text)`, setAt(carried(validBody), node.path, mutation.value));
      }
      if (types(node.schema).includes("object")) {
        for (const name of node.schema.required ?? []) {
          addBody(`body ${at}: missing ${name}`, deleteAt(validBody, [...node.path, name]));
          addBody(`body ${at}: missing ${name} (+hostile text)`, deleteAt(carried(validBody), [...node.path, name]));
        }
        if (node.schema.additionalProperties === false) {
          const extras = [
            "isAdmin",
            "role",
            "status",
            "id",
            "constructor",
            "toString",
            "💥",
            "",
            "a".repeat(1_000),
            "$where",
          ];
          for (const key of extras) {
            const target = structuredClone(getAt(validBody, node.path)) as Record<string, unknown>;
            if (!target || typeof target !== "object") continue;
            target[key] = key === "role" ? "admin" : true;
            addBody(
              `body ${at}: unknown field ${JSON.stringify(key).slice(0, 20)}`,
              setAt(validBody, node.path, target),
            );
          }
        }
        // Prototype pollution: refused by the JSON parser whatever the schema.
        const polluted = structuredClone(getAt(validBody, node.path)) as Record<string, unknown>;
        if (polluted && typeof polluted === "object" && !Array.isArray(polluted)) {
          polluted[PROTO_KEY] = { isAdmin: true, role: "admin" };
          addBody(`body ${at}: __proto__ key`, setAt(validBody, node.path, polluted), { force: true });
        }
      }
    }
    // NUL in each free-text field of an otherwise valid body: PostgreSQL cannot store U+0000, so the
    // request is bad input that must get a 4xx (neither stored nor a 5xx). Not for staff bodies,
    // which may change reference data if the server strips the character and carries on.
    if (!op.admin && op.template !== "/api/box") {
      const requiredFreeText = freeTextPaths.filter((path) => {
        const parent = walk(bodySchema).find((n) => n.path.join(".") === path.slice(0, -1).join("."));
        return parent?.schema.required?.includes(String(path[path.length - 1])) ?? false;
      });
      // With a real quote, so that an order would really be placed if the character got through.
      const realBody =
        context.realQuote && validBody && typeof validBody === "object" && "lines" in validBody
          ? setAt(
              validBody,
              ["lines"],
              [
                {
                  quoteId: context.realQuote.id,
                  rate: context.realQuote.rate,
                  gbpMinor: context.realQuote.gbpMinor,
                  foreignMinor: context.realQuote.foreignMinor,
                },
              ],
            )
          : validBody;
      for (const path of requiredFreeText) {
        const text = `Reliability\u0000${String(getAt(realBody, path)).slice(0, 20)}`;
        addBody(`body ${path.join(".")}: U+0000 in free text`, setAt(realBody, path, text), { force: true });
      }
    }
    // Root-level: not an object, bad JSON, sizes, nesting, content types.
    const missingOne = deleteAt(validBody, [bodySchema.required?.[0] ?? Object.keys(validBody as object)[0] ?? "x"]);
    for (const value of [[], [validBody], "text", 42, null, true])
      addBody(`body: JSON ${JSON.stringify(value).slice(0, 20)}`, value);
    const badJson = [
      "",
      "{",
      "}",
      '{"a":}',
      "{'a': 1}",
      '{"a": 1,}',
      "NaN",
      "undefined",
      '{"a": 01}',
      `\ufeff${bodyText(missingOne)}`,
      bodyText(validBody).slice(0, -1),
      `${bodyText(validBody)}}}`,
      `/* comment */ ${bodyText(missingOne)}`,
      "[1, 2",
      '"unterminated',
      '{"a": "\\uZZZZ"}',
      '{"a": "\\ud800"}',
      "\u0000",
      `${bodyText(missingOne)}\u0000`,
    ];
    for (const text of badJson) {
      add(`body: bad JSON ${JSON.stringify(text).slice(0, 24)}`, goodPath, {
        body: Buffer.from(text),
        headers: jsonHeaders,
      });
    }
    add("body: bad JSON (UTF-16 with BOM, invalid UTF-8)", goodPath, {
      body: Buffer.from(`\ufeff${bodyText(missingOne)}`, "utf16le"),
      headers: jsonHeaders,
    });
    add("body: JSON declared, none sent", goodPath, { headers: jsonHeaders });
    add("body: 25,000-deep array", goodPath, {
      body: Buffer.from(`{"x":${"[".repeat(25_000)}${"]".repeat(25_000)}}`),
      headers: jsonHeaders,
    });
    add("body: 8,000-deep object", goodPath, {
      body: Buffer.from(`${'{"a":'.repeat(8_000)}1${"}".repeat(8_000)}`),
      headers: jsonHeaders,
    });
    add("body: 6,000 unknown keys", goodPath, {
      body: Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 6_000 }, (_, i) => [`k${i}`, i])))),
      headers: jsonHeaders,
    });
    for (const [label, size] of [
      ["70 KB", 70_000],
      ["1 MB", 1_000_000],
      ...(as === "anonymous" ? ([["12 MB", 12_000_000]] as const) : []),
    ] as const) {
      const huge = { ...(validBody as Record<string, unknown>), padding: "z".repeat(size) };
      add(`body: ${label}`, goodPath, { body: Buffer.from(bodyText(huge)), headers: jsonHeaders, mayCloseEarly: true });
    }
    // Clearly other media types, with the (otherwise) valid body.
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=xyz",
      "application/xml",
      "text/html",
      "application/octet-stream",
      "image/png",
    ]) {
      add(`body: sent as ${type}`, goodPath, {
        body: Buffer.from(bodyText(validBody)),
        headers: { "content-type": type },
      });
    }
    // Look-alike and broken content types: only with an invalid body.
    for (const type of [
      "application/json; charset=utf-16",
      "application/json; charset=\u00e9",
      "APPLICATION/JSON",
      "application/json, text/plain",
      "application/json\t; x=y",
      "application/jsonx",
      "application/vnd.api+json",
      "json",
      ";;;",
    ]) {
      add(`body: content type ${JSON.stringify(type)}`, goodPath, {
        body: Buffer.from(bodyText(missingOne)),
        headers: { "content-type": type },
      });
    }
    add("body: gzip declared, garbage sent", goodPath, {
      body: Buffer.from("not gzip at all"),
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
  } else if (mutating) {
    // A state-changing operation without a body: bodies it does not expect (only with ids that do not exist).
    const nowhere = withQuery(fillPath(op.template, validParams(op, "")), goodQuery);
    for (const text of ['{"status":"completed"}', "{", "[]", "x".repeat(70_000)]) {
      add(`unexpected body ${text.slice(0, 20)}`, nowhere, {
        body: Buffer.from(text),
        headers: jsonHeaders,
        mayCloseEarly: text.length > 60_000,
      });
    }
  }

  // Path parameters
  for (const p of pathParams) {
    const values: { label: string; encoded: string }[] = [
      ...HOSTILE_STRINGS.filter((s) => s !== "").map((s) => ({
        label: `hostile ${JSON.stringify(s).slice(0, 30)}`,
        encoded: encode(s),
      })),
      ...RAW_ENCODED.map((s) => ({ label: `raw ${s}`, encoded: s })),
      ...LONG_SEGMENTS.map((s) => ({ label: `${s.length}-character segment`, encoded: encode(s) })),
      { label: "valid uuid that matches nothing", encoded: randomUUID() },
      { label: "nil uuid", encoded: "00000000-0000-0000-0000-000000000000" },
      { label: "uuid in upper case with braces", encoded: encode(`{${randomUUID().toUpperCase()}}`) },
      { label: "dot", encoded: "." },
      { label: "dot dot", encoded: ".." },
    ];
    for (const value of values) {
      const decoded = (() => {
        try {
          return decodeURIComponent(value.encoded);
        } catch {
          return undefined;
        }
      })();
      // A state change only with a value the document refuses, or an id that cannot exist.
      if (mutating && decoded !== undefined && accepts(p.schema, decoded)) {
        const canExist = p.name === "code" || p.schema.enum !== undefined;
        if (canExist) continue;
      }
      const path = withQuery(fillPath(op.template, { ...goodParams, [p.name]: value.encoded }), goodQuery);
      const body =
        bodySchema && validBody !== undefined
          ? Buffer.from(bodyText(deleteAt(validBody, [bodySchema.required?.[0] ?? "x"])))
          : undefined;
      add(`path ${p.name}: ${value.label}`, path, {
        ...(body ? { body, headers: jsonHeaders } : {}),
        mayCloseEarly: value.encoded.length > 4_000,
      });
    }
  }

  // Query parameters (GET only in this API)
  if (queryParams.length > 0 || op.method === "GET") {
    const basePath = fillPath(op.template, goodParams);
    const good = Object.fromEntries(
      queryParams.filter((p) => p.required).map((p) => [p.name, encode(String(p.schema.enum?.[0] ?? "1"))]),
    );
    const build = (params: Record<string, string>) =>
      withQuery(
        basePath,
        Object.entries(params)
          .map(([k, v]) => `${k}=${v}`)
          .join("&"),
      );
    for (const p of queryParams) {
      const values = [
        ...HOSTILE_STRINGS.map((s) => encode(s)),
        ...RAW_ENCODED,
        ...LONG_SEGMENTS.map(encode),
        "abc",
        "1.5",
        "-1",
        "0",
        "1e9",
        "0x10",
        "%20%205",
        "Infinity",
        "9".repeat(400),
        "",
        encode("x".repeat((p.schema.maxLength ?? 200) + 1)),
        "pending%00",
      ];
      for (const value of values) {
        add(`query ${p.name}=${value.slice(0, 30)}`, build({ ...good, [p.name]: value }), {
          mayCloseEarly: value.length > 4_000,
        });
      }
      add(`query ${p.name} repeated`, `${build(good)}&${p.name}=1&${p.name}=2`);
      add(`query ${p.name}[] array syntax`, `${build(good)}&${p.name}[]=1`);
      add(`query ${p.name}[$ne] object syntax`, `${build(good)}&${p.name}[$ne]=1`);
      if (p.required) {
        const without = { ...good };
        delete without[p.name];
        add(`query ${p.name} missing`, build(without));
      }
    }
    add("query: unknown parameter", `${build(good)}${Object.keys(good).length ? "&" : "?"}isAdmin=true`);
    add("query: __proto__", `${build(good)}${Object.keys(good).length ? "&" : "?"}__proto__[isAdmin]=true`);
    add(
      "query: 500 parameters",
      `${build(good)}${Object.keys(good).length ? "&" : "?"}${Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join("&")}`,
    );
  }

  // Headers
  const headerCases: [string, Record<string, string>][] = [
    ["garbage session cookie", { cookie: "__Secure-harbour.session_token=garbage.garbage" }],
    ["forged session cookie", { cookie: `__Secure-harbour.session_token=${"A".repeat(32)}.${"B".repeat(43)}%3D` }],
    ["unprefixed session cookie", { cookie: "harbour.session_token=abc" }],
    ["8 KB cookie", { cookie: `a=${"c".repeat(8_000)}` }],
    ["200 cookies", { cookie: Array.from({ length: 200 }, (_, i) => `c${i}=${i}`).join("; ") }],
    ["cross-site origin", { origin: "https://evil.example" }],
    ["null origin", { origin: "null" }],
    ["x-forwarded-for garbage", { "x-forwarded-for": "not-an-address, 999.1.1.1, ::ffff:zz" }],
    [
      "x-forwarded-for 300 hops",
      { "x-forwarded-for": Array.from({ length: 300 }, (_, i) => `10.9.${i % 250}.1`).join(", ") },
    ],
    ["accept: image/png", { accept: "image/png" }],
    ["accept-encoding bomb", { "accept-encoding": "gzip;q=1, ".repeat(200) }],
    ["if-none-match garbage", { "if-none-match": '"\u00ff\u00fe", W/"x", *' }],
    ["host header spoofed", { host: "evil.example" }],
    ["range header", { range: "bytes=0-1,2-3,4-5,6-7" }],
    ["x-http-method-override", { "x-http-method-override": "DELETE" }],
    ["internal header smuggled", { "x-internal-client-ip": "127.0.0.1", "x-harbour-client-ip": "127.0.0.1" }],
  ];
  const headerBody =
    bodySchema && validBody !== undefined
      ? Buffer.from(bodyText(deleteAt(validBody, [bodySchema.required?.[0] ?? "x"])))
      : undefined;
  for (const [label, headers] of headerCases) {
    // With a staff cookie replaced: the request is anonymous-with-garbage.
    add(`header: ${label}`, goodPath, {
      headers: { ...(headerBody ? jsonHeaders : {}), ...headers },
      ...(headerBody ? { body: headerBody } : {}),
    });
  }
  // Method confusion on the same path.
  for (const method of ["DELETE", "PATCH", "OPTIONS", "TRACE", "PUT"]) {
    if (method === op.method) continue;
    cases.push({
      op: opName,
      family: `method ${method}`,
      method,
      path: goodPath,
      headers: baseHeaders(),
      as,
      mutating: method !== "OPTIONS",
      admin: op.admin,
      page: false,
    });
  }
  return cases;
}

function generatePageCases(op: Operation, staffCookie: string, random: ReturnType<typeof rng>): Case[] {
  const cases: Case[] = [];
  const opName = `${op.method} ${op.template}`;
  const mutating = op.method === "POST";
  const add = (family: string, path: string, as: As, extra: Partial<Case> = {}) => {
    cases.push({
      op: opName,
      family,
      method: op.method,
      path,
      headers: {
        // As the TLS-terminating proxy in front of the product forwards a browser's request.
        host: new URL(PUBLIC_URL).host,
        "x-forwarded-proto": "https",
        "x-forwarded-for": nextAddress(),
        accept: "text/html",
        ...(as === "staff" ? { cookie: staffCookie } : {}),
        ...(mutating ? { origin: PUBLIC_URL } : {}),
        ...(extra.headers ?? {}),
      },
      as,
      mutating,
      admin: false,
      page: true,
      ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== "headers")),
    });
  };
  const hostileSegments = [
    ...HOSTILE_STRINGS.filter((s) => s !== "").map(encode),
    ...RAW_ENCODED,
    encode("a".repeat(3_000)),
  ];
  if (op.template === "/") {
    if (op.method === "POST") {
      add("POST / form", "/", "anonymous", {
        body: Buffer.from("a=b"),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      add("POST / JSON", "/", "anonymous", {
        body: Buffer.from("{}"),
        headers: { "content-type": "application/json" },
      });
      return cases;
    }
    for (const segment of hostileSegments.slice(0, op.method === "HEAD" ? 8 : 60)) {
      add(`query ${segment.slice(0, 30)}`, `/?currency=${segment}&way=${segment}`, "anonymous");
    }
    return cases;
  }
  if (op.method === "HEAD") {
    for (const path of PAGE_PATHS) add("HEAD page", path, "anonymous");
    return cases;
  }
  if (op.method === "GET") {
    for (const segment of hostileSegments) {
      add(`purchase currency ${segment.slice(0, 30)}`, `/purchase/${segment}/Order`, "anonymous");
      add(`purchase way ${segment.slice(0, 30)}`, `/purchase/EUR/${segment}`, "anonymous");
      add(`unknown path ${segment.slice(0, 30)}`, `/${segment}/${random.pick(hostileSegments)}`, "anonymous");
      add(
        `exchange rates query ${segment.slice(0, 30)}`,
        `/exchangeRates?q=${segment}&currency=${segment}`,
        "anonymous",
      );
      for (const as of ["anonymous", "staff"] as const) {
        add(`dashboard order ${segment.slice(0, 30)}`, `/dashboard/orderDetails/${segment}`, as);
        add(`dashboard currency ${segment.slice(0, 30)}`, `/dashboard/update/${segment}`, as);
        const list = random.pick([
          "/dashboard/manageOrders",
          "/dashboard/activeOrders",
          "/dashboard/history",
          "/dashboard/Users",
        ]);
        add(`dashboard list query ${segment.slice(0, 30)}`, `${list}?q=${segment}&after=${segment}`, as);
      }
    }
    for (const path of PAGE_PATHS) {
      add("page with hostile cookie", path, "anonymous", {
        headers: { cookie: "__Secure-harbour.session_token=%00garbage" },
      });
      add("page with bad accept-language", path, "anonymous", { headers: { "accept-language": "\u00ff".repeat(100) } });
    }
    return cases;
  }
  // POST to pages: the contact form (the one page action) with invalid forms, and others without action.
  const forms = [
    "name=&email=&message=",
    "name=Ann&email=not-an-email&message=hello",
    `name=Ann&email=ann%40example.com&message=${"m".repeat(5_001)}`,
    `name=${"n".repeat(101)}&email=ann%40example.com&message=hi`,
    "name=Ann&email=ann%40example.com&message=%20%20%20",
    "name=Ann&email=ann%40example.com&phone=call-me-maybe&message=hello",
    "%%%&&&===",
    "name[]=a&name[]=b&email=x&message=",
    `name=${encode("<script>alert(1)</script>")}&email=${encode("' OR 1=1")}&message=`,
    "name=%00&email=%00&message=%00",
  ];
  for (const form of forms) {
    add(`contact form ${form.slice(0, 30)}`, "/contact", "anonymous", {
      body: Buffer.from(form),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  }
  add("contact form as JSON", "/contact", "anonymous", {
    body: Buffer.from('{"name":"","email":"x","message":""}'),
    headers: { "content-type": "application/json" },
  });
  add("contact form as garbage multipart", "/contact", "anonymous", {
    body: Buffer.from("garbage"),
    headers: { "content-type": "multipart/form-data; boundary=xyz" },
  });
  add("contact form without content type", "/contact", "anonymous", { body: Buffer.from("name=") });
  add("contact form cross-site", "/contact", "anonymous", {
    body: Buffer.from("name=&email=&message="),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "cross-site",
      origin: "https://evil.example",
    },
  });
  add("contact form 12 MB", "/contact", "anonymous", {
    body: Buffer.from(`name=&email=&message=${"m".repeat(12_000_000)}`),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    mayCloseEarly: true,
  });
  for (const path of PAGE_PATHS.filter((p) => p !== "/contact")) {
    for (const as of ["anonymous", "staff"] as const) {
      add("form posted to a page without action", path, as, {
        body: Buffer.from("name=x&role=admin"),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    }
  }
  // The same posts as a script sends them: without an Origin header.
  const withoutOrigin = cases
    .filter((c) => c.headers.origin === PUBLIC_URL)
    .map((c) => {
      const headers: Record<string, string> = { ...c.headers, "x-forwarded-for": nextAddress() };
      delete headers.origin;
      return { ...c, family: `${c.family} (no Origin header)`, headers };
    });
  return [...cases, ...withoutOrigin];
}

/** Malformed HTTP on a raw socket: the parser must refuse it without taking the process down. */
function rawCases(port: number): Case[] {
  const host = `127.0.0.1:${port}`;
  const lines = [
    "GARBAGE\r\n\r\n",
    "GET / HTTP/9.9\r\n\r\n",
    "GET /api/health\r\n\r\n",
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${"h".repeat(20_000)}\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${Array.from({ length: 3_000 }, (_, i) => `X-H${i}: ${i}`).join("\r\n")}\r\n\r\n`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n0\r\n\r\nGET /api/admin/users HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 100\r\nContent-Type: application/json\r\n\r\n{}`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: -1\r\nContent-Type: application/json\r\n\r\n{}`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\nContent-Length: 40\r\nContent-Type: application/json\r\n\r\n{}`,
    `POST /api/quotes HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 999999999999999999999\r\n\r\n{}`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nBad Header Name: x\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-Nul: a\u0000b\r\n\r\n`,
    `GET /\u00ff\u00fe HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `GET /api/../../etc/passwd HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `GET http://evil.example/api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\n Folded: header\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\nX-Bare-LF: 1\n\n`,
    `GET /api/health HTTP/1.1\r\n\r\n`,
    `get /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nExpect: 100-continue\r\n\r\n`,
    `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n`,
  ];
  return lines.map((text, i) => ({
    op: "raw HTTP",
    family: `raw request #${i + 1}: ${JSON.stringify(text.slice(0, 40))}`,
    method: "RAW",
    path: "",
    headers: {},
    as: "anonymous" as const,
    mutating: true,
    admin: false,
    page: false,
    mayCloseEarly: true,
    raw: Buffer.from(text, "latin1"),
  }));
}

function sendRaw(port: number, bytes: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const done = () => {
      socket.destroy();
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : 0, text });
    };
    socket.setTimeout(3_000, done);
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("end", done);
    socket.on("error", done);
    socket.write(bytes);
  });
}

const WARN_SHAPE = "API error not in the API's error shape";

// ---------------------------------------------------------------------------------------------

export async function runHostile(ctx: Context, options: { minimum: number; seed: number }): Promise<PartResult> {
  const report = createReport("hostile");
  const base = ctx.product.url;
  const pid = ctx.product.process.pid;
  const random = rng(options.seed);
  report.note(`seed ${options.seed} (replay with RELIABILITY_SEED=${options.seed})`);

  const doc = (await send(base, { path: "/api/openapi.json", cookie: ctx.staffCookie })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  const ops = parseOperations(doc);
  const [order] = (await ctx.pool.query<{ id: string }>("select id from orders order by created_at limit 1")).rows;
  const realOrderId = order?.id ?? randomUUID();
  const realQuote = await createQuote(base, { gbpMinor: 15_000 });
  const context = { staffCookie: ctx.staffCookie, realOrderId, realQuote };

  const cases: Case[] = [];
  for (const op of ops) {
    if (op.page) {
      cases.push(...generatePageCases(op, ctx.staffCookie, random));
      continue;
    }
    cases.push(...generateApiCases(op, "anonymous", context, random));
    if (op.admin) cases.push(...generateApiCases(op, "staff", context, random));
  }
  // Top up to the minimum with random recombinations of the API cases (fresh addresses).
  const distinct = cases.length;
  const apiCases = cases.filter((c) => !c.page && !c.mayCloseEarly);
  while (cases.length < options.minimum) {
    const source = random.pick(apiCases);
    cases.push({
      ...source,
      family: `${source.family} (again)`,
      headers: { ...source.headers, "x-forwarded-for": nextAddress() },
    });
  }
  const port = Number(new URL(base).port);
  cases.push(...rawCases(port));
  // Interleave operations, so that no single route sees a burst of one kind.
  for (let i = cases.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [cases[i], cases[j]] = [cases[j] as Case, cases[i] as Case];
  }

  const before = await tableCounts(ctx.pool);
  const printBefore = await fingerprint(ctx.pool);
  const problems = new Map<string, { count: number; example: string }>();
  const problem = (kind: string, c: Case, detail: string, groupBy = `${c.op} | ${c.as}`) => {
    const key = `${kind} | ${groupBy}`;
    const entry = problems.get(key);
    if (entry) entry.count++;
    else problems.set(key, { count: 1, example: `${c.family}: ${c.method} ${c.path.slice(0, 160)} → ${detail}` });
  };
  const statuses = new Map<number, number>();
  const byOp = new Map<string, number>();
  let closedEarly = 0;
  let retriedOnFreshConnection = 0;
  let slowest = { ms: 0, label: "" };
  const started = performance.now();

  await pool(cases, 24, async (c) => {
    byOp.set(`${c.op} (${c.as})`, (byOp.get(`${c.op} (${c.as})`) ?? 0) + 1);
    if (c.raw) {
      const answer = await sendRaw(port, c.raw);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) problem("5xx", c, `${answer.status} ${answer.text.slice(0, 200)}`);
      return;
    }
    const options = {
      method: c.method,
      path: c.path,
      headers: c.headers,
      ...(c.body ? { body: c.body } : {}),
      timeoutMs: 20_000,
    };
    let reply: Reply;
    try {
      reply = await send(base, options);
    } catch (error) {
      if (c.mayCloseEarly) {
        closedEarly++;
        return;
      }
      // A kept-alive connection the server had just closed (after a previous request on it) fails
      // the next request sent on it; a browser retries such a request on a new connection. So do we:
      // only a request that fails on a fresh connection too counts as unanswered.
      try {
        reply = await send(base, { ...options, fresh: true });
        retriedOnFreshConnection++;
      } catch (again) {
        problem("no answer", c, `${(error as Error).message}; again on a new connection: ${(again as Error).message}`);
        return;
      }
    }
    statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
    if (reply.ms > slowest.ms) slowest = { ms: reply.ms, label: `${c.op} ${c.family}` };
    const requestId = reply.headers["x-request-id"];
    const detail = `${reply.status} ${reply.text.slice(0, 160)}${requestId ? ` (request id ${requestId})` : ""}`;
    if (reply.status >= 500) problem("5xx", c, detail);
    if (reply.ms > 5_000) problem("slower than 5 s", c, `${Math.round(reply.ms)} ms`);
    // A page may answer a refused post with a redirect (to /signIn); only a 2xx there is an acceptance.
    const accepted = c.page ? reply.status < 300 : reply.status < 400;
    if (c.mutating && c.method !== "OPTIONS" && accepted) problem("invalid request accepted", c, detail);
    if (c.admin && c.as === "anonymous" && reply.status < 400)
      problem("anonymous request passed the staff check", c, detail);
    let error: { code?: string } | undefined;
    if (c.path.startsWith("/api/") && reply.status >= 400 && reply.body.length > 0) {
      try {
        error = reply.json<{ error?: { code?: string } }>().error;
      } catch {}
      if (!error?.code) {
        // Grouped by what answered (the framework's own errors), not by route.
        let code = "";
        try {
          code = String(reply.json<{ code?: string; error?: string }>().code ?? "");
        } catch {}
        problem(WARN_SHAPE, c, detail, `${reply.status} ${code || "(no code)"}`);
      }
    }
    if (c.admin && c.as === "anonymous" && error?.code === "validation_failed") {
      problem("anonymous request validated before the staff check", c, detail);
    }
    for (const marker of LEAK_MARKERS) {
      if (reply.text.includes(marker)) {
        problem("internals in the answer", c, `contains ${JSON.stringify(marker)}: ${reply.text.slice(0, 160)}`);
        break;
      }
    }
  });
  const seconds = (performance.now() - started) / 1000;

  // The process must be the one we started, and healthy.
  const alive = ctx.product.process.exitCode === null && ctx.product.process.pid === pid;
  report.check(
    alive,
    `the product process ${pid} exited during the hostile requests (exit ${ctx.product.process.exitCode})`,
  );
  const health = await send(base, { path: "/api/health" }).catch(() => undefined);
  report.check(
    health?.status === 200,
    `GET /api/health answered ${health?.status ?? "nothing"} after the hostile requests`,
  );

  const after = await tableCounts(ctx.pool);
  const changes = diffCounts(before, after);
  report.check(changes.length === 0, `hostile requests stored something: ${changes.join(", ")}`);
  report.check(
    (await fingerprint(ctx.pool)) === printBefore,
    "hostile requests changed currencies, order statuses, user roles or settings",
  );

  for (const [key, { count, example: ex }] of problems) {
    // The error shape is the API's own promise (packages/domain/src/contracts/errors.ts), not one of
    // the issue's criteria: reported as a warning.
    if (key.startsWith(WARN_SHAPE)) report.warn(`${key}: ${count}× across routes — e.g. ${ex}`);
    else report.fail(`${key}: ${count}× — e.g. ${ex}`);
  }

  Object.assign(report.metrics, {
    requests: cases.length,
    distinctRequests: distinct,
    operations: ops.length,
    seconds: round(seconds),
    perSecond: round(cases.length / seconds),
    statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])),
    closedEarly,
    retriedOnFreshConnection,
    slowestMs: round(slowest.ms),
    slowest: slowest.label,
    requestsPerOperation: Object.fromEntries([...byOp].sort()),
    rowCountsBefore: before,
  });
  report.note(
    `${cases.length} requests (${distinct} generated, the rest repeated from fresh addresses) over ${ops.length} ` +
      `operations of the OpenAPI document in ${round(seconds)} s; statuses ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(
          " ",
        )}; ${closedEarly} huge/malformed requests closed early by the server; ${retriedOnFreshConnection} requests ` +
      `retried on a new connection after the server had closed a kept-alive one (it does so after a 431 without saying ` +
      `Connection: close); slowest ${Math.round(slowest.ms)} ms`,
  );
  return report.result();
}
