import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOrderLinks } from "./order-links.ts";

const links = createOrderLinks({ authSecret: "a".repeat(40), publicUrl: "https://fx.example" });

describe("signed order links", () => {
  it("round-trips an order id and builds the page address", () => {
    const id = randomUUID();
    expect(links.orderIdOf(links.tokenFor(id))).toBe(id);
    expect(links.urlFor(id)).toBe(`https://fx.example/track/${links.tokenFor(id)}`);
  });

  it("refuses tampered, truncated, foreign and malformed tokens", () => {
    const id = randomUUID();
    const token = links.tokenFor(id);
    const other = randomUUID();
    const [, signature] = token.split(".");
    expect(links.orderIdOf(`${other}.${signature}`)).toBeNull();
    expect(links.orderIdOf(token.slice(0, -2))).toBeNull();
    expect(links.orderIdOf(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(links.orderIdOf(id)).toBeNull();
    expect(links.orderIdOf("")).toBeNull();
    const foreign = createOrderLinks({ authSecret: "b".repeat(40), publicUrl: "https://fx.example" });
    expect(links.orderIdOf(foreign.tokenFor(id))).toBeNull();
  });
});
