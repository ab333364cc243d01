// Starts the built product for the browser tests on a fresh embedded database with known
// credentials, and a local SMTP server whose messages the tests can read.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startMailSink } from "./mail-sink.mjs";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider } from "./oidc-provider.mjs";
import { RATES_API_KEY, startRatesService } from "./rates-service.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "bureau-e2e-"));
// The browser opens the product at 127.0.0.1, so that is its public URL (cookies, OAuth callbacks),
// and a local OpenID provider listens on the next port for the "Continue with …" test.
const port = Number(process.env.PORT ?? 3199);
const publicUrl = `http://127.0.0.1:${port}`;
const oidc = await startOidcProvider({ port: port + 1, appUrl: publicUrl });
// A local rates service on the port after that, for Check and live rates in the dashboard tests.
const ratesService = await startRatesService({ port: port + 2 });
// A real SMTP server on the next two ports (SMTP, then HTTP for the tests to read what arrived).
const mailSink = await startMailSink({ smtpPort: port + 3, httpPort: port + 4 });
const child = spawn(process.execPath, [path.join(root, "apps/server/src/main.ts")], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    BOOTSTRAP_ADMIN_EMAIL: "admin@e2e.test",
    BOOTSTRAP_ADMIN_PASSWORD: "admin-password-e2e",
    // The bootstrap admin's authenticator (e2e/support/accounts.ts computes its codes).
    BOOTSTRAP_ADMIN_TOTP_SECRET: "KRUGKIDCOVZGKYLVEBSGKIDDNBQW4Z3F",
    SECURE_BOX_USERNAME: "e2e-staff",
    SECURE_BOX_PASSWORD: "e2e-box-password",
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET,
    RATES_PROVIDER: "exchangerates",
    RATES_API_URL: ratesService.url,
    RATES_API_KEY,
    SMTP_URL: mailSink.smtpUrl,
    // The tests' own requests may say which client they stand for (X-Forwarded-For from loopback): the
    // accounts they sign up through the API each come from an address of their own, as real customers
    // do, so the suite's many sign-ups do not spend one address's limit. Requests without it are 127.0.0.1.
    TRUSTED_PROXIES: "127.0.0.1",
  },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
