import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { applyDisplayTimeZone } from "./db/display-time-zone.ts";
import { seedDatabase } from "./db/seed.ts";
import { presentGeneratedCredentials } from "./lib/generated-credentials.ts";
import { BootstrapAdminRefused, ensureBootstrapAdmin, seedMlroRoles } from "./modules/users/index.ts";
import { createJobRunner, type Job } from "./jobs/job-runner.ts";
import { liveRatesJob } from "./jobs/live-rates.ts";
import { orderExpiryJob } from "./jobs/order-expiry.ts";
import { outboxDeliveryJob } from "./jobs/outbox-delivery.ts";
import { rateAlertsJob } from "./jobs/rate-alerts.ts";
import { retentionJob } from "./jobs/retention.ts";
import { unverifiedAccountsJob } from "./jobs/unverified-accounts.ts";
import { sanctionsRescreenJob } from "./jobs/sanctions-rescreen.ts";
import { createOutboxMailer } from "./jobs/outbox-mailer.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const webBuildDir = path.resolve(here, "../../web", process.env.WEB_BUILD_DIR ?? "build");

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await database.migrate();
  } catch (error) {
    console.error("Database migration failed:", error);
    process.exit(1);
  }
  try {
    // The statistics are grouped by this zone's calendar days (rebuilt here when it changed).
    await applyDisplayTimeZone(database.db, config.displayTimeZone);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const seeded = await seedDatabase(database.db);

  const app = await buildApp({ config, database, webBuildDir });
  let started: Awaited<ReturnType<typeof startServices>>;
  try {
    started = await startServices(app, database);
  } catch (error) {
    if (!(error instanceof BootstrapAdminRefused)) throw error;
    console.error(error.message);
    await app.close();
    await database.close();
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long, exiting");
      process.exit(1);
    }, 15_000);
    timer.unref();
    await started.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.ready();
  await app.enableFastPaths();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const lines = [
    "",
    `Harbour FX is running at ${config.publicUrl.startsWith("https://") ? config.publicUrl : `http://${config.host === "0.0.0.0" || config.host === "127.0.0.1" ? "localhost" : config.host}:${port}`}`,
    `Database: ${database.kind === "pglite" ? `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, "pglite")}` : "PostgreSQL server (DATABASE_URL)"}`,
    ...(seeded.currenciesAdded > 0
      ? [`Seeded ${seeded.currenciesAdded} currencies and ${seeded.branchesAdded} branches`]
      : []),
    ...config.generatedNotice,
    ...started.notices,
    ...presentGeneratedCredentials({
      credentials: [...config.generatedCredentials, ...started.credentials],
      dataDir: config.dataDir,
      terminal: process.stdout.isTTY === true,
    }),
    "",
  ];
  console.log(lines.join("\n"));
}

/** Background jobs and one-time start tasks. */
async function startServices(app: Awaited<ReturnType<typeof buildApp>>, database: Database) {
  const notices: string[] = [];
  // PRODUCT.md §3: the bootstrap admin exists before the first request (its password is shown once).
  const bootstrap = await ensureBootstrapAdmin({ auth: app.auth, db: app.db, config: app.config });
  notices.push(...bootstrap.notices);
  for (const email of await seedMlroRoles(app.db, app.config.mlroEmails))
    notices.push(`MLRO role given to ${email} (MLRO_EMAILS)`);
  const credentials = bootstrap.credentials;
  const jobs: Job[] = [];
  const mailer = createOutboxMailer({
    db: app.db,
    log: app.log,
    smtpUrl: app.config.mail.smtpUrl,
    from: app.config.mail.from,
    publicUrl: app.config.publicUrl,
    orderLinks: app.orderLinks,
    alertLinks: app.alertLinks,
    displayTimeZone: app.config.displayTimeZone,
    orderExpiry: app.config.orderExpiry,
  });
  if (mailer.enabled) jobs.push(outboxDeliveryJob(mailer));
  else {
    app.log.warn("SMTP_URL is not set: e-mails are kept in the outbox and not sent");
    notices.push("E-mail: SMTP_URL is not set, messages are kept in the outbox (not sent)");
  }
  // Live rates ("Get the Latest"): runs only while staff have switched it on.
  jobs.push(
    liveRatesJob({
      db: app.db,
      provider: app.rateProvider,
      log: app.log,
      onRefreshed: () => app.invalidateCurrencies(),
    }),
  );
  // Orders not collected in time become Expired.
  jobs.push(orderExpiryJob({ db: app.db, expiry: app.config.orderExpiry, log: app.log }));
  // Rate alerts whose target our Click & Collect rate reached get their one e-mail (after each change).
  jobs.push(rateAlertsJob({ db: app.db, log: app.log }));
  // After a UK Sanctions List import, the open orders are screened against it.
  jobs.push(sanctionsRescreenJob({ db: app.db, log: app.log, threshold: app.config.sanctionsMatchThreshold }));
  // Personal data kept for its whole retention period is anonymised (docs/features/retention-and-data-rights.md).
  jobs.push(
    retentionJob({
      db: app.db,
      rules: app.config.retention,
      timeZone: app.config.displayTimeZone,
      log: app.log,
    }),
  );
  // Accounts whose address was not confirmed within 7 days of sign-up go (decision 030).
  jobs.push(unverifiedAccountsJob({ db: app.db, log: app.log }));
  // Each job runs on one instance at a time, whichever holds its lease in the database.
  const runner = createJobRunner({ database, log: app.log, jobs });
  app.jobRunner = runner;
  await runner.start();
  notices.push(`Rates provider: ${app.rateProvider.name}`);
  return { notices, credentials, stop: () => runner.stop() };
}

await main();
