// Starts the built product for the browser tests on a fresh embedded database with known
// credentials, and a local SMTP-less mail outbox.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "bureau-e2e-"));
const child = spawn(process.execPath, [path.join(root, "apps/server/src/main.ts")], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    BOOTSTRAP_ADMIN_EMAIL: "admin@e2e.test",
    BOOTSTRAP_ADMIN_PASSWORD: "admin-password-e2e",
    SECURE_BOX_USERNAME: "e2e-staff",
    SECURE_BOX_PASSWORD: "e2e-box-password",
  },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
