import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { displayDates } from "@bureau/domain/dates";
import { renderMail } from "../../jobs/render-mail.ts";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";

/** What a camera would read from a PNG QR code. */
function readQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe("collection pass", () => {
  const started = appWithStaff();
  const collect = (query: string, headers: Record<string, string> = started.staff.headers) =>
    started.t.app.inject({ method: "GET", url: `/api/admin/collect?${query}`, headers });

  it("is a QR code of a signed staff address with no personal data, given for the customer's order link", async () => {
    const { app, db } = started.t;
    const order = await createOrder(db, { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" });
    const response = await app.inject({
      method: "GET",
      url: `/api/orders/link/${app.orderLinks.tokenFor(order.id)}/collection-pass.png`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    const scanned = readQr(response.rawPayload);
    expect(scanned).toBe(app.orderLinks.collectionUrlFor(order.id));
    expect(scanned).toMatch(/^http:\/\/localhost:3000\/dashboard\/collect\/[0-9a-f-]{36}\.[\w-]{43}$/);
    for (const personal of ["Grace", "Hopper", "grace", order.orderNumber]) expect(scanned).not.toContain(personal);

    const tampered = app.orderLinks.tokenFor(order.id).replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const refused = await app.inject({ method: "GET", url: `/api/orders/link/${tampered}/collection-pass.png` });
    expect(refused.statusCode).toBe(404);
  });

  it("opens the order for staff from a scanned pass or a typed number", async () => {
    const { app, db } = started.t;
    const order = await createOrder(db);
    const url = app.orderLinks.collectionUrlFor(order.id);
    const byAddress = await collect(`pass=${encodeURIComponent(url)}`);
    expect(byAddress.statusCode).toBe(200);
    expect(byAddress.json()).toEqual({ id: order.id, orderNumber: order.orderNumber });
    const token = url.split("/").pop() ?? "";
    expect((await collect(`pass=${token}`)).json()).toEqual({ id: order.id, orderNumber: order.orderNumber });
    const byNumber = await collect(`number=${order.orderNumber.slice(0, 4)}%20${order.orderNumber.slice(4)}`);
    expect(byNumber.json()).toEqual({ id: order.id, orderNumber: order.orderNumber });
  });

  it("refuses a tampered pass, an order page link passed off as a pass, and a bad or unknown number", async () => {
    const { app, db } = started.t;
    const order = await createOrder(db);
    const token = app.orderLinks.collectionUrlFor(order.id).split("/").pop() ?? "";
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const pass of [tampered, app.orderLinks.tokenFor(order.id), "not-a-pass"]) {
      const response = await collect(`pass=${encodeURIComponent(pass)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe("This is not a valid collection pass.");
    }
    const short = await collect("number=1234");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe("An order number has 8 digits.");
    const unknown = await collect("number=00000001");
    expect(unknown.statusCode).toBe(404);
    expect((await collect("")).statusCode).toBe(400);
  });

  it("is for staff only: 401 anonymous, 403 a customer, 403 an admin without the Secure Box", async () => {
    const { app, db } = started.t;
    const order = await createOrder(db);
    const query = `pass=${encodeURIComponent(app.orderLinks.collectionUrlFor(order.id))}`;
    expect((await collect(query, {})).statusCode).toBe(401);
    expect((await collect(query, (await signUpAndSignIn(app)).headers)).statusCode).toBe(403);
    expect((await collect(query, (await signUpAndSignIn(app, { role: "admin" })).headers)).statusCode).toBe(403);
  });

  it("is in the order received and ready e-mails as an inline image, with escaped text around it", async () => {
    const { app, db } = started.t;
    const order = await createOrder(db, { firstName: "<img src=x onerror=alert(1)>" });
    for (const kind of ["order-received", "order-ready"] as const) {
      const mail = await renderMail(
        db,
        kind,
        { orderId: order.id },
        {
          publicUrl: app.config.publicUrl,
          orderLinks: app.orderLinks,
          alertLinks: app.alertLinks,
          dates: displayDates(app.config.displayTimeZone),
          orderExpiry: app.config.orderExpiry,
        },
      );
      expect(mail?.html).toContain('<img src="cid:collection-pass@harbour-fx"');
      expect(mail?.html).toContain(`alt="Collection pass QR code for order ${order.orderNumber}"`);
      expect(mail?.html).not.toContain("<img src=x");
      expect(mail?.text).toContain("Your collection pass");
      const [image] = mail?.attachments ?? [];
      expect(image).toMatchObject({ cid: "collection-pass@harbour-fx", contentType: "image/png" });
      expect(readQr(image?.content ?? Buffer.alloc(0))).toBe(app.orderLinks.collectionUrlFor(order.id));
    }
  });
});
