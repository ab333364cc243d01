// A local OpenID Connect provider (npm oidc-provider) for the "Continue with …" browser test. Its
// development login screen accepts any login and password; the login becomes the account id, and
// the account's e-mail is <login>@oidc.e2e.test.
import Provider from "oidc-provider";

export const OIDC_CLIENT_ID = "harbour-fx-e2e";
export const OIDC_CLIENT_SECRET = "harbour-fx-e2e-client-secret";
export const OIDC_EMAIL_DOMAIN = "oidc.e2e.test";

export async function startOidcProvider({ port, appUrl }) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: `${id}@${OIDC_EMAIL_DOMAIN}`, email_verified: true, name: `OIDC ${id}` };
        },
      };
    },
    features: { devInteractions: { enabled: true } },
    // Short lifetimes for a test provider (and no notices about defaults).
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    cookies: { keys: ["harbour-fx-e2e-oidc-cookie-key"] },
  });
  const server = provider.listen(port, "127.0.0.1");
  await new Promise((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}
