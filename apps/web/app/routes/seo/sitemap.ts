import { appContext } from "../../lib/app-context.ts";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/sitemap";

/**
 * The public pages worth indexing. Sign-in/up, the order wizard (it needs a cart), the dashboard,
 * the Secure Box and the Coming Soon placeholder are deliberately left out.
 */
export const SITEMAP_PATHS = [
  { path: "/", changefreq: "daily", priority: "1.0" },
  { path: "/exchangeRates", changefreq: "hourly", priority: "0.9" },
  { path: "/sendmony", changefreq: "monthly", priority: "0.6" },
  { path: "/faq", changefreq: "monthly", priority: "0.6" },
  { path: "/contact", changefreq: "monthly", priority: "0.6" },
  { path: "/branches", changefreq: "monthly", priority: "0.6" },
  { path: "/termsCoditition", changefreq: "yearly", priority: "0.3" },
  { path: "/privacyPolicy", changefreq: "yearly", priority: "0.3" },
] as const;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  // The configured public origin, never the request's Host header (which a client chooses).
  const origin = context.get(appContext).publicConfig.publicUrl;
  // Each branch's own page, from the branches table.
  const { branches } = await serverApi(context).reference.branches();
  const branchPaths = branches.map((branch) => ({
    path: `/branches/${encodeURIComponent(branch.key)}`,
    changefreq: "daily",
    priority: "0.5",
  }));
  const urls = [...SITEMAP_PATHS, ...branchPaths]
    .map(
      (entry) =>
        `  <url>\n    <loc>${escapeXml(origin + entry.path)}</loc>\n    <changefreq>${entry.changefreq}</changefreq>\n    <priority>${entry.priority}</priority>\n  </url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
