import { randomUUID } from "node:crypto";
import { HOSTILE_STRINGS, PROTO_KEY, RAW, rawLiteral } from "./values.ts";

/**
 * The OpenAPI document as the fuzzer reads it: its operations, an example of each schema, whether the
 * document accepts a value, and the values that break one node of a schema; and the shape of a case.
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
export type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema: Schema };
export type Operation = {
  method: string;
  template: string;
  parameters: Parameter[];
  body: Schema | undefined;
  admin: boolean;
  page: boolean;
};
export type As = "anonymous" | "staff";
export type Case = {
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
// Schema helpers: examples, validity by the document, mutations

export function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

export function patternOf(schema: Schema): RegExp | undefined {
  if (!schema.pattern) return undefined;
  try {
    return new RegExp(schema.pattern, "u");
  } catch {
    return new RegExp(schema.pattern);
  }
}

export function stringAccepted(schema: Schema, value: string): boolean {
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
export function accepts(schema: Schema | undefined, value: unknown): boolean {
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
export function isFreeText(schema: Schema) {
  return types(schema).includes("string") && !schema.pattern && !schema.enum && !schema.format;
}

export type Path = (string | number)[];
export type Mutation = { label: string; value: unknown };

export function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], root);
}
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root);
  if (path.length === 0) return value;
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = value;
  return copy;
}
export function deleteAt(root: unknown, path: Path): unknown {
  const copy = structuredClone(root);
  const parent = getAt(copy, path.slice(0, -1)) as Record<string, unknown>;
  delete parent[path[path.length - 1] as string];
  return copy;
}

/** Values that break one node of the schema. */
export function valueMutations(schema: Schema): Mutation[] {
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
export function walk(schema: Schema, path: Path = [], out: { path: Path; schema: Schema }[] = []) {
  out.push({ path, schema });
  const t = types(schema);
  if (t.includes("object")) {
    for (const [key, property] of Object.entries(schema.properties ?? {})) walk(property, [...path, key], out);
  }
  if (t.includes("array") && schema.items) walk(schema.items, [...path, 0], out);
  return out;
}

export function bodyText(value: unknown): string {
  let text = JSON.stringify(value);
  // Splice in literals JSON.stringify cannot write.
  text = text.replace(/"\\u0001RAW:(.*?)\\u0001"/g, (_m, literal: string) => literal);
  text = text.replaceAll('"\\u0001PROTO\\u0001"', '"__proto__"');
  return text;
}

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

export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? "x");
}

export function validParams(op: Operation, realOrderId: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of op.parameters.filter((p) => p.in === "path")) {
    if (p.schema.format === "uuid") values[p.name] = op.method === "GET" ? realOrderId : randomUUID();
    else if (p.schema.enum) values[p.name] = String(p.schema.enum[0]);
    else if (p.schema.pattern) values[p.name] = "EUR";
    else values[p.name] = `missing-${randomUUID().slice(0, 8)}`;
  }
  return values;
}
