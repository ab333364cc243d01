// PENDING-FEATURE: replaced by the real sitemap.
export function loader() {
  return new Response("Not Found", { status: 404 });
}
