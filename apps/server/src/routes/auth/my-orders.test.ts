import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyOrders } from "@bureau/domain/contracts/tracking";
import { markEmailVerified, nextClientAddress, signUp, uniqueEmail } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { MY_ORDERS_UNVERIFIED_MESSAGE } from "./account-routes.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe("My orders", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const myOrders = (cookie: string | undefined, query = "") =>
    t.app.inject({
      method: "GET",
      url: `/api/account/orders${query}`,
      headers: cookie ? { cookie } : {},
    });

  it("answers 401 to nobody signed in and 403 with the reason to an unverified address", async () => {
    const anonymous = await myOrders(undefined);
    expect(anonymous.statusCode).toBe(401);
    const email = uniqueEmail("unverified");
    await createOrder(t.db, { email });
    const account = await signUp(t.app, { email });
    const unverified = await myOrders(account.cookie);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.message).toBe(MY_ORDERS_UNVERIFIED_MESSAGE);
    expect(unverified.body).not.toContain("orderNumber");
  });

  it("lists the orders placed with the address before sign-up once it is verified, never anyone else's", async () => {
    const email = uniqueEmail("owner");
    const before = await createOrder(t.db, {
      email: email.toUpperCase(),
      createdAt: new Date(Date.now() - 3 * 86_400_000),
      status: "completed",
    });
    const someoneElse = await createOrder(t.db, { email: uniqueEmail("stranger") });
    const lookalike = await createOrder(t.db, { email: `x${email}` });
    const account = await signUp(t.app, { email });
    await markEmailVerified(t.app, account.userId);
    const after = await createOrder(t.db, { email, gbpMinor: 30_000, currency: "USD" });

    const response = await myOrders(account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json() as MyOrders;
    expect(body.orders.map((o) => o.orderNumber)).toEqual([after.orderNumber, before.orderNumber]);
    expect(body.nextCursor).toBeNull();
    expect(body.orders[0]).toMatchObject({
      status: "pending",
      way: "Order",
      totalGbpMinor: 30_000,
      lines: [{ currency: "USD", foreignMinor: expect.any(Number) }],
      href: `/track/${t.app.orderLinks.tokenFor(after.id)}`,
    });
    for (const other of [someoneElse, lookalike]) expect(response.body).not.toContain(other.orderNumber);
  });

  it("pages newest first with the keyset cursor and refuses a cursor it did not make", async () => {
    const email = uniqueEmail("pager");
    const placed = [];
    for (let i = 0; i < 5; i++) {
      placed.push(await createOrder(t.db, { email, createdAt: new Date(Date.now() - (5 - i) * 60_000) }));
    }
    const account = await signUp(t.app, { email });
    await markEmailVerified(t.app, account.userId);
    const seen: string[] = [];
    let query = "?limit=2";
    for (let page = 0; page < 3; page++) {
      const body = (await myOrders(account.cookie, query)).json() as MyOrders;
      seen.push(...body.orders.map((o) => o.orderNumber));
      if (page < 2) expect(body.nextCursor).not.toBeNull();
      else expect(body.nextCursor).toBeNull();
      query = `?limit=2&after=${body.nextCursor}`;
    }
    expect(seen).toEqual(placed.map((o) => o.orderNumber).reverse());
    const tampered = await myOrders(account.cookie, "?after=not-a-cursor");
    expect(tampered.statusCode).toBe(400);
  });

  it("opens a closed order's link for its verified owner only", async () => {
    const email = uniqueEmail("closed");
    const order = await createOrder(t.db, { email, status: "completed", completedAt: new Date() });
    const token = t.app.orderLinks.tokenFor(order.id);
    const open = (cookie?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/orders/link/${token}`,
        headers: cookie ? { cookie } : {},
        remoteAddress: nextClientAddress(),
      });
    expect((await open()).statusCode).toBe(410);
    const owner = await signUp(t.app, { email });
    expect((await open(owner.cookie)).statusCode).toBe(410);
    await markEmailVerified(t.app, owner.userId);
    const seen = await open(owner.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ orderNumber: order.orderNumber, status: "completed", canCancel: false });
    const stranger = await signUp(t.app);
    await markEmailVerified(t.app, stranger.userId);
    expect((await open(stranger.cookie)).statusCode).toBe(410);
  });
});

describe("order step 2 details for a signed-in customer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const details = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/account/order-details", headers: cookie ? { cookie } : {} });

  it("offers the latest order's name and phone only once the address is verified", async () => {
    expect((await details()).statusCode).toBe(401);
    const email = uniqueEmail("prefill");
    await createOrder(t.db, {
      email,
      firstName: "Old",
      lastName: "Name",
      phone: "07700 900001",
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await createOrder(t.db, {
      email: email.toUpperCase(),
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "07700 900123",
    });
    await createOrder(t.db, { email: uniqueEmail("other"), firstName: "Not", lastName: "Mine", phone: "07700 900999" });
    const account = await signUp(t.app, { email, name: "Augusta Ada King" });
    const unverified = await details(account.cookie);
    expect(unverified.statusCode).toBe(200);
    expect(unverified.headers["cache-control"]).toBe("no-store");
    expect(unverified.json()).toEqual({ firstName: "Augusta", lastName: "Ada King", email, phone: "" });
    await markEmailVerified(t.app, account.userId);
    expect((await details(account.cookie)).json()).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email,
      phone: "07700 900123",
    });
  });
});
