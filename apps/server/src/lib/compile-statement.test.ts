import fc from "fast-check";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_RISK_RULES } from "@bureau/domain/risk-flags";
import { orders } from "../db/schema.ts";
import { placementAssessmentFrom, placementAssessmentWrite, placementLinked } from "../modules/compliance/index.ts";
import { previousDayEurRateJson } from "../modules/compliance/index.ts";
import { queuedMail } from "../modules/mail/index.ts";
import { currentSanctionsListId } from "../modules/sanctions/index.ts";
import { freeNotesOf, reserveNotesClauses } from "../modules/stock/index.ts";
import { compileStatement } from "./postgres.ts";

const dialect = new PgDialect();

/** What Drizzle's dialect makes of a statement: its text and parameters (the driver reads nothing else). */
function drizzles(query: SQL): { sql: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
}

/** Statements of raw SQL as the product builds them: text, nested statements, identifiers, joins and values. */
const statements: fc.Arbitrary<SQL> = fc.letrec<{ statement: SQL }>((tie) => ({
  statement: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(sql``),
    fc.string().map((text) => sql.raw(text)),
    fc
      .oneof(
        fc.string(),
        fc.integer(),
        fc.double({ noNaN: true }),
        fc.boolean(),
        fc.constant(null),
        fc.bigInt(),
        fc.date({ noInvalidDate: true }),
      )
      .map((value) => sql`(${value}::text)`),
    fc.string({ minLength: 1 }).map((name) => sql`select ${sql.identifier(name)}`),
    fc.tuple(tie("statement"), tie("statement")).map(([a, b]) => sql`with a as (${a}) select ${b} from a`),
    fc.array(tie("statement"), { maxLength: 4 }).map((parts) => sql.join(parts, sql`, `)),
    fc.tuple(tie("statement"), fc.string()).map(([inner, value]) => sql`${inner} where x = ${value} and ${inner}`),
  ),
})).statement;

describe("a statement's text and parameters", () => {
  it("are Drizzle's for every statement of text, nested statements, identifiers and values", () => {
    fc.assert(
      fc.property(statements, (statement) => {
        expect(compileStatement(statement)).toEqual(drizzles(statement));
      }),
      { numRuns: 500 },
    );
  });

  it("are Drizzle's for the statements a placement builds", () => {
    const customer = { firstName: "Ada", lastName: "O'Neil", email: " Ada@Example.com ", phone: "+44 7700 900123" };
    const placedAt = new Date("2026-11-27T10:15:00Z");
    const built = [
      placementLinked({ ...customer, way: "Order", totalGbpMinor: 25_000, placedAt }, DEFAULT_RISK_RULES),
      placementAssessmentFrom({ ...customer, placedAt }, DEFAULT_RISK_RULES),
      placementAssessmentWrite({
        orderId: "0c6f5e0e-8d1c-4c53-9a43-2d0f2a7a5b11",
        customer,
        sanctionsHold: "Sanctions list match",
        dueDiligence: { outcome: null, enhanced: true, holdReason: "Enhanced due diligence" },
        flags: [{ rule: "frequent_orders", detail: "3 orders in 7 days" }] as never,
        placedAt,
      }).clauses,
      placementAssessmentWrite({
        orderId: "0c6f5e0e-8d1c-4c53-9a43-2d0f2a7a5b11",
        customer,
        sanctionsHold: null,
        dueDiligence: {
          outcome: { enhanced: true, threshold: true, yearEurMinor: "1725000" },
          enhanced: true,
          holdReason: "Linked 12-month total £15,000.00 is €17,250.00",
        },
        flags: [],
        placedAt,
      }).clauses,
      queuedMail({
        kind: "order-received",
        dedupeKey: "order-received:1",
        to: "a@example.com",
        data: { orderId: "1" },
      }),
      reserveNotesClauses("new_order", "brighton", [{ currency: "EUR", notes: [{ valueMinor: 5000, count: 3 }] }]),
      previousDayEurRateJson(placedAt, "Europe/London"),
      freeNotesOf("brighton", sql`q.currency_code`),
      currentSanctionsListId,
    ];
    for (const statement of built) expect(compileStatement(statement)).toEqual(drizzles(statement));
    const whole = sql`with linked as not materialized (${built[0]}) select * from ${built[1]} where ${built[6]} is null`;
    expect(compileStatement(whole)).toEqual(drizzles(whole));
  });

  it("are left to Drizzle for what only it knows how to write: tables, columns, lists and inlined values", () => {
    const withTable = sql`select ${orders.id}, ${orders.orderNumber} from ${orders} where ${orders.email} = ${"a@b.c"}`;
    const withList = sql`select 1 where 2 in ${[1, 2, 3]}`;
    const inlined = sql`select ${"it's"}, ${3}`.inlineParams();
    const nestedInlined = sql`select * from (${sql`select ${"x"}`.inlineParams()}) s where s.a = ${1}`;
    for (const statement of [withTable, withList, inlined, nestedInlined]) {
      expect(compileStatement(statement)).toEqual(drizzles(statement));
    }
    expect(compileStatement(withTable).sql).toContain('"orders"."order_number"');
    expect(compileStatement(inlined)).toEqual({ sql: "select 'it''s', 3", params: [] });
  });
});
