import { useState } from "react";
import accountCss from "../../features/account/account.css?inline";
import authScreensCss from "../../features/account/auth-screens.css?inline";
import orderCss from "../../features/order/order.css?inline";
import publicCss from "../../features/public/public.css?inline";
import trackingCss from "../../features/tracking/tracking.css?inline";
import { useNonce } from "../../lib/nonce.ts";
import confirmDialogCss from "../ui/confirm-dialog.css?inline";
import appCss from "../../styles/app.css?inline";

const ELEMENT_ID = "site-styles";

/**
 * The stylesheets of the public site, the account screens, the order pages (and the customer's order
 * page) and the confirm dialog
 * (about 6 KB gzipped; only the dashboard's own styles stay linked), written into the HTML itself
 * rather than linked: on a phone a linked stylesheet holds back the first paint by a
 * round trip (Lighthouse: "render-blocking resources"). Only the server build holds the text; the
 * browser takes it from the element the server sent, so it is not downloaded a second time inside
 * the JavaScript, and hydration sees the same text on both sides.
 */
const SERVER_CSS = import.meta.env.SSR
  ? [appCss, accountCss, authScreensCss, publicCss, orderCss, trackingCss, confirmDialogCss].join("\n")
  : "";

export function SiteStyles() {
  const nonce = useNonce();
  const [css] = useState(() =>
    import.meta.env.SSR ? SERVER_CSS : (document.getElementById(ELEMENT_ID)?.textContent ?? ""),
  );
  return (
    <style id={ELEMENT_ID} nonce={nonce}>
      {css}
    </style>
  );
}
