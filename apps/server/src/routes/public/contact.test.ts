import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTACT_RATE_LIMITED_MESSAGE, CONTACT_RECEIVED_MESSAGE } from "@bureau/domain/contracts/contact";
import { contactMessages, outbox } from "../../db/schema.ts";
import { createTestApp } from "../../test/test-app.ts";
import { CONTACT_RATE_LIMIT } from "./contact.ts";

const validMessage = {
  name: "Amelia Hart",
  email: "amelia.hart@example.com",
  phone: "07700 900123",
  message: "Do you have Norwegian krone in stock at the Brighton branch this Saturday?",
  website: "",
};

describe("POST /api/contact", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  // Each test sends from its own address so that the per-address rate limit of one test never
  // spills into another.
  let nextAddress = 10;
  let remoteAddress = "";
  const send = (payload: unknown, from = remoteAddress) =>
    t.app.inject({ method: "POST", url: "/api/contact", payload: payload as object, remoteAddress: from });

  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: "help-desk@harbourfx.test" } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    remoteAddress = `10.1.0.${nextAddress++}`;
    await t.db.delete(outbox);
    await t.db.delete(contactMessages);
  });

  it("stores the message and queues one e-mail to support with the visitor's details", async () => {
    const response = await send(validMessage);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, message: CONTACT_RECEIVED_MESSAGE });

    const stored = await t.db.select().from(contactMessages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: "Amelia Hart",
      email: "amelia.hart@example.com",
      phone: "07700 900123",
      message: validMessage.message,
    });

    const queued = await t.db.select().from(outbox).where(eq(outbox.kind, "contact-to-support"));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.status).toBe("pending");
    expect(queued[0]?.dedupeKey).toBe(`contact-message:${stored[0]?.id}`);
    expect(queued[0]?.payload).toMatchObject({
      to: "help-desk@harbourfx.test",
      data: {
        contactMessageId: stored[0]?.id,
        name: "Amelia Hart",
        email: "amelia.hart@example.com",
        phone: "07700 900123",
        message: validMessage.message,
      },
    });
  });

  it("accepts a message without a phone number and trims what was typed", async () => {
    const response = await send({ ...validMessage, name: "  Amelia Hart ", phone: "", website: undefined });
    expect(response.statusCode).toBe(200);
    const [stored] = await t.db.select().from(contactMessages);
    expect(stored?.name).toBe("Amelia Hart");
    expect(stored?.phone).toBeNull();
  });

  it("refuses invalid input with a message per field and stores nothing", async () => {
    const response = await send({ name: "", email: "not-an-email", phone: "call me", message: "   " });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email address, like name@example.com",
      phone: "Please enter a valid phone number",
      message: "Please enter your message",
    });
    expect(await t.db.select().from(contactMessages)).toEqual([]);
    expect(await t.db.select().from(outbox)).toEqual([]);
  });

  it("refuses fields it does not know and a message that is too long", async () => {
    const unknownField = await send({ ...validMessage, isAdmin: true });
    expect(unknownField.statusCode).toBe(400);
    const tooLong = await send({ ...validMessage, message: "x".repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.message).toMatch(/too long/);
    expect(await t.db.select().from(contactMessages)).toEqual([]);
  });

  it("answers a filled spam trap like a success but stores and sends nothing", async () => {
    const response = await send({ ...validMessage, website: "https://cheap-pills.example" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, message: CONTACT_RECEIVED_MESSAGE });
    expect(await t.db.select().from(contactMessages)).toEqual([]);
    expect(await t.db.select().from(outbox)).toEqual([]);
  });

  it("limits how many messages one address may send, with a clear message, leaving others unaffected", async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await send({ ...validMessage, message: `Question number ${i + 1}` })).statusCode).toBe(200);
    }
    const limited = await send(validMessage);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: "rate_limited", message: CONTACT_RATE_LIMITED_MESSAGE });
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(await t.db.select().from(contactMessages)).toHaveLength(CONTACT_RATE_LIMIT.max);

    const someoneElse = await send(validMessage, "10.2.0.1");
    expect(someoneElse.statusCode).toBe(200);
  });

  it("escapes nothing on the way in: the message is stored exactly as typed", async () => {
    const typed = '<script>alert("hi")</script> & thanks';
    const response = await send({ ...validMessage, message: typed });
    expect(response.statusCode).toBe(200);
    const [stored] = await t.db.select().from(contactMessages);
    // Escaping is the renderer's job (e-mail and pages); storage keeps the original text.
    expect(stored?.message).toBe(typed);
  });
});
