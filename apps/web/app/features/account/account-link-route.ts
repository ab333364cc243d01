import type { RouterContextProvider } from "react-router";
import { sessionOfRequest } from "./session.ts";

/**
 * The head of a page an account e-mail's link opens: kept out of search engines, and never handing its
 * address (which carries the link's token) to another site as a referrer.
 */
export function accountLinkMeta(title: string) {
  return [
    { title: `${title} | Harbour FX` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/** What such a page needs: who is signed in, the link's token, and its own address to come back to. */
export async function accountLinkLoader({ context, url }: { context: Readonly<RouterContextProvider>; url: URL }) {
  const { user } = await sessionOfRequest(context);
  return { user, token: url.searchParams.get("token") ?? "", here: `${url.pathname}${url.search}` };
}
