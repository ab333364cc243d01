import { describe, expect, it } from "vitest";
import { pooledSmtpUrl } from "./outbox-mailer.ts";

describe("pooledSmtpUrl", () => {
  it("turns pooling on and keeps the operator's credentials and options", () => {
    const url = new URL(
      pooledSmtpUrl("smtps://mailer:p%40ss%26word@smtp.example.com:465/?tls.rejectUnauthorized=false"),
    );
    expect(url.protocol).toBe("smtps:");
    expect(decodeURIComponent(url.password)).toBe("p@ss&word");
    expect(url.searchParams.get("tls.rejectUnauthorized")).toBe("false");
    expect(url.searchParams.getAll("pool")).toEqual(["true"]);
  });

  it("adds the option to a URL without a query, and does not repeat one already there", () => {
    expect(new URL(pooledSmtpUrl("smtp://127.0.0.1:2525")).searchParams.getAll("pool")).toEqual(["true"]);
    expect(new URL(pooledSmtpUrl("smtp://127.0.0.1:2525?pool=false")).searchParams.getAll("pool")).toEqual(["true"]);
  });
});
