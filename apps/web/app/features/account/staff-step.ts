import { data, type RouterContextProvider, redirect } from "react-router";
import { withRedirect } from "./redirect-target.ts";
import { sessionOfRequest } from "./session.ts";

/**
 * The start of a staff step's loader (the authenticator walk-through, the Secure Box): a visitor is sent
 * to sign in and then back here; a signed-in customer gets the 403 answer the page shows as "staff only";
 * staff (any role) are answered to the step.
 */
export async function adminOfStaffStep(context: Readonly<RouterContextProvider>, url: URL) {
  const { user } = await sessionOfRequest(context);
  if (!user) throw redirect(withRedirect("/signIn", `${url.pathname}${url.search}`));
  if (user.role === "user") return { admin: null, refusal: data({ staff: false as const }, { status: 403 }) };
  return { admin: user, refusal: null };
}
