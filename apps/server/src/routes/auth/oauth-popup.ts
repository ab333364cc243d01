import type { FastifyInstance } from "fastify";
import { OAUTH_POPUP_CHANNEL, OAUTH_POPUP_COMPLETE_PATH, OAUTH_POPUP_MESSAGE_TYPE } from "@bureau/domain/account-rules";
import { noStore } from "../../lib/no-store.ts";

/**
 * The page a "Continue with …" popup ends on. It tells the page that opened it (through a
 * BroadcastChannel, and postMessage while the opener is still reachable) and closes itself; the
 * opener then reloads its session. The strict CSP forbids inline scripts, so the script is a small
 * file of its own. Because our Cross-Origin-Opener-Policy severs window.opener once the popup has
 * visited the provider, the BroadcastChannel is the path that normally carries the message.
 */

const script = `"use strict";
(function () {
  var params = new URLSearchParams(window.location.search);
  var error = params.get("error");
  var message = { type: ${JSON.stringify(OAUTH_POPUP_MESSAGE_TYPE)}, ok: !error, error: error };
  try {
    var channel = new BroadcastChannel(${JSON.stringify(OAUTH_POPUP_CHANNEL)});
    channel.postMessage(message);
    channel.close();
  } catch (e) {}
  try {
    if (window.opener) window.opener.postMessage(message, window.location.origin);
  } catch (e) {}
  var status = document.getElementById("status");
  var next = document.getElementById("next");
  if (status) {
    status.textContent = error
      ? "Something went wrong. Close this window and try again."
      : "You are signed in. This window closes by itself; if it does not, close it.";
  }
  if (next && error) {
    next.setAttribute("href", "/signIn");
    next.textContent = "Back to sign in";
  }
  window.setTimeout(function () { window.close(); }, 150);
})();
`;

function page() {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Signing in | Harbour FX</title>
<script src="${OAUTH_POPUP_COMPLETE_PATH}.js" defer></script>
</head>
<body>
<main>
<h1>Harbour FX</h1>
<p id="status" role="status">Finishing your sign-in…</p>
<p><a id="next" href="/">Continue to Harbour FX</a></p>
</main>
</body>
</html>
`;
}

export async function oauthPopupRoutes(app: FastifyInstance) {
  app.get(OAUTH_POPUP_COMPLETE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    noStore(reply).type("text/html; charset=utf-8").send(page()),
  );
  app.get(`${OAUTH_POPUP_COMPLETE_PATH}.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=300").send(script),
  );
}
