import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));

/** Every `<link rel="modulepreload">` of a page, in document order. */
function modulePreloads(html: string): { href: string; low: boolean; inHead: boolean }[] {
  const headEnd = html.indexOf("</head>");
  return [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((match) => ({
    href: /\bhref="([^"]+)"/.exec(match[0])?.[1] ?? "",
    low: /\bfetchpriority="low"/i.test(match[0]),
    inHead: (match.index ?? 0) < headEnd,
  }));
}

describe.skipIf(!haveWebBuild)("the page's scripts load at low priority", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
  });
  afterAll(() => t.close());

  it.each(["/", "/exchangeRates", "/purchase/EUR/Order", "/contact", "/signIn"])(
    "%s: the first preload of every module the page needs asks for low priority",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      const preloads = modulePreloads(response.body);
      const needed = new Set(preloads.map((p) => p.href));
      expect(needed.size).toBeGreaterThan(2);
      // The browser fetches a module once per URL, with the priority of the first request for it.
      for (const href of needed) {
        const first = preloads.find((p) => p.href === href);
        expect(first, href).toMatchObject({ low: true, inHead: true });
      }
      // The page's entry module (imported by React Router's inline module script) is among them.
      const imported = /import\("([^"]+)"\)/.exec(response.body)?.[1];
      expect(imported).toBeTruthy();
      expect(needed).toContain(imported);
    },
  );
});
