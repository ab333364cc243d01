import { randomUUID } from "node:crypto";
import { nextAddress, PUBLIC_URL, type QuoteReply } from "../lib.ts";
import {
  type As,
  type Case,
  type Operation,
  accepts,
  bodyText,
  deleteAt,
  example,
  fillPath,
  getAt,
  isFreeText,
  setAt,
  types,
  validParams,
  valueMutations,
  walk,
} from "./openapi.ts";
import { CARRIERS, HOSTILE_STRINGS, LONG_SEGMENTS, PROTO_KEY, RAW_ENCODED, encode, type rng } from "./values.ts";

/** Cases for every API operation of the document: anonymous, and as staff for /api/admin. */
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
    const isObject = (value: unknown) => typeof value === "object" && value !== null;
    for (const node of walk(bodySchema)) {
      const at = node.path.join(".") || "(body)";
      // A node the valid example does not reach (an optional field it leaves out, another branch of a
      // union such as the two kinds of handover) has no place in it to break.
      if (node.path.length > 0 && !isObject(getAt(validBody, node.path.slice(0, -1)))) continue;
      for (const mutation of valueMutations(node.schema)) {
        // Once with plain other fields, once with hostile text in every free-text field.
        addBody(`body ${at}: ${mutation.label}`, setAt(validBody, node.path, mutation.value));
        addBody(`body ${at}: ${mutation.label} (+hostile text)`, setAt(carried(validBody), node.path, mutation.value));
      }
      if (types(node.schema).includes("object") && isObject(getAt(validBody, node.path))) {
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
