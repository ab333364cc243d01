import { PUBLIC_PAGE_PATHS } from "../../e2e/support/public-pages.ts";
import { nextAddress, PUBLIC_URL } from "../lib.ts";
import type { As, Case, Operation } from "./openapi.ts";
import { HOSTILE_STRINGS, RAW_ENCODED, encode, type rng } from "./values.ts";

/** Cases for the pages: hostile paths, queries and form posts. */
export const PAGE_PATHS = [
  ...PUBLIC_PAGE_PATHS,
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

export function generatePageCases(op: Operation, staffCookie: string, random: ReturnType<typeof rng>): Case[] {
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
