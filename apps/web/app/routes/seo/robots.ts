import { appContext } from "../../lib/app-context.ts";
import type { Route } from "./+types/robots";

/** Staff areas and the API are not for search engines; everything else may be crawled. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(appContext).publicConfig.publicUrl;
  const body = [
    "User-agent: *",
    "Disallow: /dashboard",
    "Disallow: /box",
    "Disallow: /api",
    "Disallow: /account",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
