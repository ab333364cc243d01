import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SANCTIONS_MATCH_THRESHOLD } from "@bureau/domain/sanctions-screening";
import { SANCTIONS_LIST_MAX_BYTES, SanctionsListFormatError } from "@bureau/domain/uk-sanctions-list";
import { auditLog, orders, sanctionsLists, sanctionsNames, sanctionsScreenings } from "../../db/schema.ts";
import { placeThroughApi } from "../../test/place-through-api.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { createTestApp } from "../../test/test-app.ts";
import { importSanctionsList } from "./import-sanctions-list.ts";
import { rescreenOpenOrders } from "./rescreen-open-orders.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(path.join(here, "fixtures", name), "utf8");
const LIST = fixture("UK_Sanctions_List.csv");
const NEXT = fixture("UK_Sanctions_List-next.csv");

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function placeOrder(t: TestApp, firstName: string, lastName: string) {
  const email = `${randomUUID()}@example.com`;
  const response = await placeThroughApi(t.app, {
    lines: [{ currency: "EUR", gbpMinor: 25_000 }],
    customer: { firstName, lastName, email, phone: "07700 900123" },
  });
  expect(response.statusCode).toBe(201);
  const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.email, email));
  return row!.id;
}

async function holdOf(t: TestApp, orderId: string) {
  const [row] = await t.db
    .select({ holdReason: orders.holdReason, heldAt: orders.heldAt, holdClearedAt: orders.holdClearedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!;
}

async function screeningsOf(t: TestApp, orderId: string) {
  return t.db
    .select()
    .from(sanctionsScreenings)
    .where(eq(sanctionsScreenings.orderId, orderId))
    .orderBy(asc(sanctionsScreenings.screenedAt));
}

describe("UK Sanctions List import (npm run sanctions:import)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("stores each import with the list's own report date as its version, the import date, and an audit entry", async () => {
    const first = await importSanctionsList({
      db: t.db,
      text: LIST,
      actor: null,
      now: new Date("2026-11-18T09:00:00Z"),
    });
    expect(first).toMatchObject({ version: "17-Nov-2026", entryCount: 6, nameCount: 8 });
    const second = await importSanctionsList({
      db: t.db,
      text: NEXT,
      actor: { id: "admin-1", email: "admin@example.com" },
      now: new Date("2026-11-22T09:00:00Z"),
    });
    expect(second).toMatchObject({ version: "21-Nov-2026", entryCount: 7, nameCount: 9 });
    const lists = await t.db.select().from(sanctionsLists).orderBy(asc(sanctionsLists.importedAt));
    expect(lists.map((l) => [l.version, l.importedAt.toISOString(), l.importedBy])).toEqual([
      ["17-Nov-2026", "2026-11-18T09:00:00.000Z", "command line"],
      ["21-Nov-2026", "2026-11-22T09:00:00.000Z", "admin@example.com"],
    ]);
    // A designation's primary name, its variation and its alias are each a name; forenames come first.
    const petrov = await t.db
      .select({ name: sanctionsNames.name, type: sanctionsNames.nameType })
      .from(sanctionsNames)
      .where(eq(sanctionsNames.listId, first.listId));
    expect(petrov.filter((n) => n.name.includes("IVAN") || n.name.includes("Ivan"))).toEqual([
      { name: "Ivan PETROV", type: "Primary Name" },
      { name: "Ivan PETROFF", type: "Primary Name Variation" },
    ]);
    expect(petrov).toContainEqual({ name: "VANYA THE BANKER", type: "Alias" });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, "sanctions.import"));
    expect(audits.map((a) => a.actorEmail)).toEqual([null, "admin@example.com"]);
  });

  it("refuses a bad file with a clear message and changes nothing", async () => {
    const [before] = await t.db.select({ n: count() }).from(sanctionsLists);
    const [namesBefore] = await t.db.select({ n: count() }).from(sanctionsNames);
    const cases: [string, RegExp][] = [
      ["", /empty/],
      ["Report Date: 17-Nov-2026\r\nName,Country\r\nX,Y\r\n", /header row lacks "Unique ID"/],
      [LIST.replace("TST0004", ""), /Row \d+ has no Unique ID/],
      [`${LIST}"TST0009,unterminated`, /ends inside a quoted field/],
      [LIST.split("\r\n").slice(0, 2).join("\r\n"), /no designations/],
    ];
    for (const [text, message] of cases) {
      const attempt = importSanctionsList({ db: t.db, text, actor: null });
      await expect(attempt).rejects.toThrow(SanctionsListFormatError);
      await expect(importSanctionsList({ db: t.db, text, actor: null })).rejects.toThrow(message);
    }
    const [after] = await t.db.select({ n: count() }).from(sanctionsLists);
    const [namesAfter] = await t.db.select({ n: count() }).from(sanctionsNames);
    expect(after?.n).toBe(before?.n);
    expect(namesAfter?.n).toBe(namesBefore?.n);
  });
});

describe("screening of every order's customer name", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.delete(sanctionsScreenings);
  });

  it("stores nothing while no list has been imported", async () => {
    const orderId = await placeOrder(t, "Ivan", "Petrov");
    expect(await screeningsOf(t, orderId)).toEqual([]);
  });

  it("after an import, re-screens the open orders (Pending and Accepted) once, and not the closed ones", async () => {
    const pending = await placeOrder(t, "Ivan", "Petrov");
    const accepted = await placeOrder(t, "Ada", "Lovelace");
    const completed = await placeOrder(t, "Petrov", "Ivan");
    await t.db.update(orders).set({ status: "accepted" }).where(eq(orders.id, accepted));
    await t.db.update(orders).set({ status: "completed" }).where(eq(orders.id, completed));
    const imported = await importSanctionsList({ db: t.db, text: LIST, actor: null });
    const now = new Date("2026-11-18T10:00:00Z");
    const done = await rescreenOpenOrders({ db: t.db, threshold: DEFAULT_SANCTIONS_MATCH_THRESHOLD, now });
    expect(done.listId).toBe(imported.listId);
    expect(await screeningsOf(t, pending)).toMatchObject([
      {
        listId: imported.listId,
        screenedName: "Ivan Petrov",
        score: "1.000",
        result: "match",
        matchedEntryId: "TST0001",
        matchedName: "Ivan PETROV",
        occasion: "import",
        screenedAt: now,
      },
    ]);
    expect(await screeningsOf(t, accepted)).toMatchObject([{ result: "clear", score: "0.000", matchedEntryId: null }]);
    expect(await screeningsOf(t, completed)).toEqual([]);
    // The match puts the open order on hold with the entry staff check; the clear one and the closed one are not held.
    // (two matches: the earlier test's Ivan Petrov is still pending too)
    expect(done).toMatchObject({ matches: 2, held: 2 });
    expect(await holdOf(t, pending)).toMatchObject({
      holdReason:
        'Sanctions screening: the customer\'s name matches "Ivan PETROV", UK Sanctions List entry TST0001 (score 1.000). Check the customer against the designation before the order proceeds.',
      heldAt: now,
    });
    expect((await holdOf(t, accepted)).holdReason).toBeNull();
    expect((await holdOf(t, completed)).holdReason).toBeNull();
    const holdAudit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, pending));
    expect(holdAudit.filter((a) => a.action === "order.hold")).toMatchObject([
      { actorId: null, after: { onHold: true } },
    ]);
    // A second run finds nothing left to screen against this list.
    expect(await rescreenOpenOrders({ db: t.db, threshold: DEFAULT_SANCTIONS_MATCH_THRESHOLD })).toMatchObject({
      screened: 0,
    });
    // Staff clear the hold; a newer list screens them again, each screening kept with its list version, and
    // the same entry matching again does not hold the order a second time.
    await t.db
      .update(orders)
      .set({ holdClearedAt: now, holdClearedBy: "staff@example.com", holdClearReason: "Not the designated person" })
      .where(eq(orders.id, pending));
    const next = await importSanctionsList({ db: t.db, text: NEXT, actor: null });
    const again = await rescreenOpenOrders({ db: t.db, threshold: DEFAULT_SANCTIONS_MATCH_THRESHOLD });
    expect((await screeningsOf(t, pending)).map((s) => s.listId)).toEqual([imported.listId, next.listId]);
    expect(again).toMatchObject({ held: 0 });
    expect((await holdOf(t, pending)).holdClearedAt).toEqual(now);
  });

  it("at placement, matches reordered and accented names, and a misspelling, storing list, score, result and entry", async () => {
    const list = await importSanctionsList({ db: t.db, text: NEXT, actor: null });
    const cases: [string, string, Record<string, unknown>][] = [
      ["Petrov", "Ivan", { score: "1.000", result: "match", matchedEntryId: "TST0001" }],
      [
        "Jurgen",
        "Muller",
        { score: "1.000", result: "match", matchedEntryId: "TST0002", matchedName: "Jürgen MÜLLER" },
      ],
      ["Lukasz", "Nowak", { score: "1.000", result: "match", matchedEntryId: "TST0003" }],
      ["Mads", "Sørensen", { score: "1.000", result: "match", matchedEntryId: "TST0007" }],
      ["Mads", "Sorensen", { score: "1.000", result: "match", matchedEntryId: "TST0007" }],
      ["Omar", "Al Rashidi", { score: "1.000", result: "match", matchedEntryId: "TST0004" }],
      ["Ivan", "Petrof", { score: "0.986", result: "match", matchedEntryId: "TST0001", matchedName: "Ivan PETROFF" }],
    ];
    for (const [firstName, lastName, expected] of cases) {
      const orderId = await placeOrder(t, firstName, lastName);
      expect(await screeningsOf(t, orderId), `${firstName} ${lastName}`).toMatchObject([
        { listId: list.listId, screenedName: `${firstName} ${lastName}`, occasion: "placement", ...expected },
      ]);
      // Every match holds the order at once, naming the list entry and the score.
      expect((await holdOf(t, orderId)).holdReason, `${firstName} ${lastName}`).toContain(
        `UK Sanctions List entry ${expected.matchedEntryId} (score ${expected.score})`,
      );
      // Held in the order's own write, with its audit entry (no matched order exists unheld).
      const holds = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.hold")));
      expect(holds).toMatchObject([{ actorId: null, before: { onHold: false }, after: { onHold: true } }]);
    }
  });

  it("at placement, leaves a near miss below the threshold and an unrelated name clear, and stores them", async () => {
    await importSanctionsList({ db: t.db, text: NEXT, actor: null });
    const nearMiss = await placeOrder(t, "Ivan", "Peters");
    expect(await screeningsOf(t, nearMiss)).toMatchObject([
      { score: "0.922", result: "clear", matchedEntryId: "TST0001", occasion: "placement" },
    ]);
    const unrelated = await placeOrder(t, "Grace", "Hopper");
    expect(await screeningsOf(t, unrelated)).toMatchObject([
      { score: "0.000", result: "clear", matchedEntryId: null, matchedName: null },
    ]);
    expect((await holdOf(t, nearMiss)).holdReason).toBeNull();
    expect((await holdOf(t, unrelated)).holdReason).toBeNull();
  });
});

describe("POST /api/admin/sanctions-lists (the list upload)", () => {
  const env = appWithStaff();
  const upload = (body: string, headers: Record<string, string> = env.staff.headers, type = "text/csv") =>
    env.t.app.inject({
      method: "POST",
      url: "/api/admin/sanctions-lists",
      headers: { ...headers, "content-type": type },
      payload: body,
    });

  it("imports the file as the signed-in admin, audited with who", async () => {
    const response = await upload(LIST);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ version: "17-Nov-2026", entryCount: 6, nameCount: 8 });
    const [entry] = await env.t.db.select().from(auditLog).where(eq(auditLog.action, "sanctions.import"));
    expect(entry).toMatchObject({ actorId: env.staff.userId, actorEmail: env.staff.email });
  });

  it("refuses a bad file with the reason, a file of another type, and anyone not signed in; nothing changes", async () => {
    const [before] = await env.t.db.select({ n: count() }).from(sanctionsLists);
    const bad = await upload("Name,Country\r\nX,Y\r\n");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('header row lacks "Unique ID"');
    expect(bad.json().error.message).toContain("Nothing was imported.");
    expect((await upload(LIST, env.staff.headers, "application/json")).statusCode).toBe(400);
    expect((await upload(LIST, env.staff.headers, "image/png")).statusCode).toBe(415);
    expect((await upload(LIST, { origin: env.staff.headers.origin })).statusCode).toBe(401);
    const [after] = await env.t.db.select({ n: count() }).from(sanctionsLists);
    expect(after?.n).toBe(before?.n);
  });

  it("reads a CSV file up to 32 MB, while any other type keeps the server's small body limit", async () => {
    // A CSV above the server's 64 KB limit is read (and refused for its content, not its size)...
    const large = await upload(`Name,Country\r\n${"X,Y\r\n".repeat(40_000)}`);
    expect(large.statusCode).toBe(400);
    expect(large.json().error.message).toContain("Nothing was imported.");
    // ...one above 32 MB is not,
    const tooLarge = await upload("a".repeat(SANCTIONS_LIST_MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe("The list file must be 32 MB or smaller.");
    // ...and the 32 MB allowance is the CSV parser's only: JSON of 2 MB is refused by its size.
    const json = await upload(`"${"a".repeat(2 * 1024 * 1024)}"`, env.staff.headers, "application/json");
    expect(json.statusCode).toBe(413);
  });
});
