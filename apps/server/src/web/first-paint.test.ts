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

/**
 * What a page's first paint waits for: only its HTML (with the inlined styles). Scripts are fetched at low
 * priority and another site's page (the contact page's map) is embedded once the page is interactive.
 */
describe.skipIf(!haveWebBuild)("the first paint waits for the HTML only", () => {
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

  it("/contact: the map, another site's page, is in the HTML only for browsers without JavaScript", async () => {
    const response = await t.app.inject({ method: "GET", url: "/contact" });
    expect(response.statusCode).toBe(200);
    const outsideNoscript = response.body.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
    expect(outsideNoscript).not.toMatch(/<iframe\b/);
    expect(response.body).toMatch(
      /<noscript><iframe title="Map showing our Worthing branch" src="https:\/\/www\.google\.com\/maps\?q=[^"]+&amp;output=embed"/,
    );
  });
});
