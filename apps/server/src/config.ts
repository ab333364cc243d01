import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { BlockList, isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { canonicalTimeZone, DEFAULT_DISPLAY_TIME_ZONE } from "@bureau/domain/dates";
import { DEFAULT_DUE_DILIGENCE_TIERS, type DueDiligenceTiers } from "@bureau/domain/due-diligence";
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from "@bureau/domain/order-limits";
import { DEFAULT_ORDER_EXPIRY, type OrderExpiry } from "@bureau/domain/order-lifecycle";
import { DEFAULT_RETENTION, RETENTION_ORDERS_YEARS_RANGE, type RetentionRules } from "@bureau/domain/retention";
import {
  DEFAULT_RATES_FRESH_HOURS,
  DEFAULT_RATES_PAUSE_ORDERS_AFTER_HOURS,
  DEFAULT_SANCTIONS_LIST_STALE_DAYS,
} from "@bureau/domain/rate-freshness";
import { DEFAULT_RISK_RULES, type RiskRules } from "@bureau/domain/risk-flags";
import { DEFAULT_MAX_STERLING_BACK_PERCENT } from "@bureau/domain/whole-notes";
import { DEFAULT_TILL_VARIANCE_SIGNOFF_GBP_MINOR } from "@bureau/domain/till";
import { DEFAULT_COUNTER_ID_FROM_GBP_MINOR } from "@bureau/domain/counter-trade";
import { type BuybackGuaranteeTerms, DEFAULT_BUYBACK_GUARANTEE } from "@bureau/domain/buyback-guarantee";
import { DEFAULT_SANCTIONS_MATCH_THRESHOLD } from "@bureau/domain/sanctions-screening";

/**
 * The one place that reads process.env. Every variable of PRODUCT.md §3 is validated here at start;
 * a bad value stops the start with a message naming the variable.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** A comma-separated list of IP addresses and CIDR ranges (TRUSTED_PROXIES, METRICS_ALLOW). */
function addressList(defaultEntries: string[]) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isAddressOrRange), {
        message: "must be a comma-separated list of IP addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)",
      })
      .default(defaultEntries),
  );
}

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("production")),
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a port number" })
        .int("must be a whole number")
        .min(0, "must be between 0 and 65535")
        .max(65535, "must be between 0 and 65535")
        .default(3000),
    ),
    HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a number" })
        .int("must be a whole number")
        .min(1, "must be between 1 and 500")
        .max(500, "must be between 1 and 500")
        .default(20),
    ),
    METRICS_ALLOW: addressList(["127.0.0.1", "::1"]),
    ORDER_MIN_COLLECT_LINE_GBP: pounds(DEFAULT_ORDER_LIMITS.collectLineMinGbpMinor),
    ORDER_MAX_COLLECT_ORDER_GBP: pounds(DEFAULT_ORDER_LIMITS.collectOrderMaxGbpMinor),
    ORDER_MAX_STERLING_BACK_PERCENT: wholeNumber(DEFAULT_MAX_STERLING_BACK_PERCENT, 0, 100, "percent"),
    TILL_VARIANCE_SIGNOFF_GBP: pounds(DEFAULT_TILL_VARIANCE_SIGNOFF_GBP_MINOR),
    COUNTER_ID_FROM_GBP: pounds(DEFAULT_COUNTER_ID_FROM_GBP_MINOR),
    BUYBACK_GUARANTEE_GBP: pounds(DEFAULT_BUYBACK_GUARANTEE.feeGbpMinor),
    BUYBACK_GUARANTEE_DAYS: wholeNumber(DEFAULT_BUYBACK_GUARANTEE.days, 1, 365, "days"),
    DUE_DILIGENCE_ENHANCED_GBP: pounds(DEFAULT_DUE_DILIGENCE_TIERS.enhancedGbpMinor),
    DUE_DILIGENCE_THRESHOLD_EUR: pounds(DEFAULT_DUE_DILIGENCE_TIERS.thresholdEurMinor, "euros"),
    ORDER_EXPIRE_ACCEPTED_AFTER_DAYS: days(DEFAULT_ORDER_EXPIRY.acceptedDays),
    ORDER_EXPIRE_PENDING_AFTER_DAYS: days(DEFAULT_ORDER_EXPIRY.pendingDays),
    RETENTION_ORDERS_YEARS: wholeNumber(
      DEFAULT_RETENTION.ordersYears,
      RETENTION_ORDERS_YEARS_RANGE.min,
      RETENTION_ORDERS_YEARS_RANGE.max,
      "years (the Money Laundering Regulations ask for at least 5)",
    ),
    RETENTION_CONTACT_MESSAGES_MONTHS: wholeNumber(DEFAULT_RETENTION.contactMessagesMonths, 1, 120, "months"),
    RETENTION_EXPIRED_RECORDS_DAYS: wholeNumber(DEFAULT_RETENTION.expiredRecordsDays, 1, 365, "days"),
    STAFF_IDLE_MINUTES: wholeNumber(30, 1, 720, "minutes"),
    SANCTIONS_MATCH_THRESHOLD: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a number between 0.5 and 1, e.g. 0.9" })
        .min(0.5, "must be between 0.5 and 1")
        .max(1, "must be between 0.5 and 1")
        .default(DEFAULT_SANCTIONS_MATCH_THRESHOLD),
    ),
    RISK_HIGH_VALUE_NOTES_GBP: pounds(DEFAULT_RISK_RULES.highValueNotesGbpMinor),
    MLRO_EMAILS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value) =>
          value
            .split(",")
            .map((entry) => entry.trim().toLowerCase())
            .filter(Boolean),
        )
        .refine((entries) => entries.every((entry) => z.email().safeParse(entry).success), {
          message: "must be a comma-separated list of e-mail addresses",
        })
        .default([]),
    ),
    DISPLAY_TIME_ZONE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default(DEFAULT_DISPLAY_TIME_ZONE)
        .transform((name, ctx) => {
          const zone = canonicalTimeZone(name);
          if (zone) return zone;
          ctx.addIssue({ code: "custom", message: "must be an IANA time zone name, for example Europe/London" });
          return z.NEVER;
        }),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    PUBLIC_URL: optionalUrl,
    AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
    BOOTSTRAP_ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("must be an e-mail address").optional()),
    BOOTSTRAP_ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(12, "must be at least 12 characters").optional(),
    ),
    BOOTSTRAP_ADMIN_TOTP_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value) => value.replace(/\s+/g, "").toUpperCase())
        .refine((value) => /^[A-Z2-7]{16,}=*$/.test(value), {
          message: "must be a base32 secret of at least 16 characters (A-Z, 2-7)",
        })
        .optional(),
    ),
    SECURE_BOX_USERNAME: optionalString,
    SECURE_BOX_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(12, "must be at least 12 characters").optional(),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    RATES_PROVIDER: z.preprocess(emptyToUndefined, z.enum(["fixed", "exchangerates", "frankfurter"]).default("fixed")),
    RATES_API_URL: optionalUrl,
    RATES_API_KEY: optionalString,
    RATES_FRESH_HOURS: wholeNumber(DEFAULT_RATES_FRESH_HOURS, 1, 8760, "hours"),
    RATES_PAUSE_ORDERS_AFTER_HOURS: wholeNumber(DEFAULT_RATES_PAUSE_ORDERS_AFTER_HOURS, 1, 8760, "hours"),
    SANCTIONS_LIST_STALE_DAYS: wholeNumber(DEFAULT_SANCTIONS_LIST_STALE_DAYS, 1, 365, "days"),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Harbour FX <no-reply@harbourfx.co.uk>")),
    SUPPORT_EMAIL: z.preprocess(
      emptyToUndefined,
      z.email("must be an e-mail address").default("support@harbourfx.co.uk"),
    ),
    MONEY_TRANSFER_URL: z.preprocess(emptyToUndefined, z.url().default("https://www.westernunion.com/gb/en/home.html")),
    WORFX_URL: z.preprocess(emptyToUndefined, z.url().default("https://www.worfx.com/")),
    APP_STORE_URL: optionalUrl,
    PLAY_STORE_URL: optionalUrl,
    TRUSTED_PROXIES: addressList([]),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
      });
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together",
      });
    }
    if (env.RATES_PROVIDER === "exchangerates" && (!env.RATES_API_URL || !env.RATES_API_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["RATES_API_URL"],
        message: "RATES_PROVIDER=exchangerates needs RATES_API_URL and RATES_API_KEY",
      });
    }
    if (Boolean(env.BOOTSTRAP_ADMIN_EMAIL) !== Boolean(env.BOOTSTRAP_ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["BOOTSTRAP_ADMIN_PASSWORD"],
        message: "BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD must be set together",
      });
    }
    if (env.ORDER_MIN_COLLECT_LINE_GBP > env.ORDER_MAX_COLLECT_ORDER_GBP) {
      ctx.addIssue({
        code: "custom",
        path: ["ORDER_MIN_COLLECT_LINE_GBP"],
        message: "must not be above ORDER_MAX_COLLECT_ORDER_GBP",
      });
    }
    if (Boolean(env.SECURE_BOX_USERNAME) !== Boolean(env.SECURE_BOX_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["SECURE_BOX_PASSWORD"],
        message: "SECURE_BOX_USERNAME and SECURE_BOX_PASSWORD must be set together",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** A number of days (a fraction allowed, e.g. 0.5 for twelve hours), more than 0 and at most 365. */
function days(defaultDays: number) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, "must be a number of days, for example 4 or 0.5")
      .transform(Number)
      .refine((value) => value > 0 && value <= 365, "must be more than 0 and at most 365 days")
      .optional()
      .transform((value) => value ?? defaultDays),
  );
}

/** A whole number of `unit` from `min` to `max`. */
function wholeNumber(defaultValue: number, min: number, max: number, unit: string) {
  const message = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,4}$/, message)
      .transform(Number)
      .refine((value) => value >= min && value <= max, message)
      .optional()
      .transform((value) => value ?? defaultValue),
  );
}

/** An amount in pounds (pence allowed), read into pence; or in another currency's major units into its cents. */
function pounds(defaultMinor: number, unit = "pounds") {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, `must be an amount in ${unit}, for example 100 or 2500`)
      .transform((text) => Math.round(Number(text) * 100))
      .optional()
      .transform((minor) => minor ?? defaultMinor),
  );
}

function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.problems = problems;
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  return result.data;
}

/** Secrets generated on first start and kept in DATA_DIR so that restarts keep sessions valid. */
type GeneratedSecrets = {
  authSecret: string;
  secureBoxUsername: string;
  secureBoxPassword: string;
};

export type Config = {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Connections each instance keeps to a PostgreSQL server (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Addresses allowed to read /metrics (METRICS_ALLOW). */
  metricsAllow: BlockList;
  dataDir: string;
  publicUrl: string;
  secureCookies: boolean;
  authSecret: string;
  bootstrapAdmin: { email: string; password: string } | undefined;
  /** Enrols the bootstrap admin's authenticator with this base32 secret at start (operators, tests). */
  bootstrapAdminTotpSecret: string | undefined;
  secureBox: { username: string; password: string };
  /** Minutes without activity after which a staff session's Secure Box pass ends (STAFF_IDLE_MINUTES). */
  staffIdleMinutes: number;
  google: { clientId: string; clientSecret: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  rates: { provider: Env["RATES_PROVIDER"]; apiUrl: string | undefined; apiKey: string | undefined };
  /** How old rates may be called live (RATES_FRESH_HOURS), and when a failing live provider pauses quotes (RATES_PAUSE_ORDERS_AFTER_HOURS). */
  rateFreshness: { freshHours: number; pauseOrdersAfterHours: number };
  /** Age in days past which the imported UK Sanctions List is called out of date (SANCTIONS_LIST_STALE_DAYS). */
  sanctionsListStaleDays: number;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  links: { moneyTransfer: string; worfx: string; appStore: string | undefined; playStore: string | undefined };
  logLevel: Env["LOG_LEVEL"];
  /** Click & Collect limits (ORDER_MIN_COLLECT_LINE_GBP, ORDER_MAX_COLLECT_ORDER_GBP). */
  orderLimits: OrderLimits;
  /** Due-diligence tiers on linked totals (DUE_DILIGENCE_ENHANCED_GBP, DUE_DILIGENCE_THRESHOLD_EUR; docs/features/due-diligence-tiers.md). */
  dueDiligence: DueDiligenceTiers;
  /** When unclaimed orders expire (ORDER_EXPIRE_ACCEPTED_AFTER_DAYS, ORDER_EXPIRE_PENDING_AFTER_DAYS). */
  orderExpiry: OrderExpiry;
  /** Screening score (0..1) at or above which an order's customer name matches a sanctions list name. */
  sanctionsMatchThreshold: number;
  /** How long personal data is kept (RETENTION_ORDERS_YEARS, RETENTION_CONTACT_MESSAGES_MONTHS, RETENTION_EXPIRED_RECORDS_DAYS). */
  retention: RetentionRules;
  /** Risk flags computed at placement (RISK_HIGH_VALUE_NOTES_GBP; the other rules' figures are the issue's). */
  riskRules: RiskRules;
  /** The most of a Click & Collect order a branch's stock may give back in sterling (ORDER_MAX_STERLING_BACK_PERCENT). */
  maxSterlingBackPercent: number;
  /** Above this total variance (pence, TILL_VARIANCE_SIGNOFF_GBP in pounds) a till closes only with a manager's sign-off. */
  tillVarianceSignOffGbpMinor: number;
  /** From this much sterling (pence, COUNTER_ID_FROM_GBP in pounds) a walk-in trade records the customer's ID. */
  counterIdFromGbpMinor: number;
  /** The buy-back guarantee sold with Click & Collect: its fee in pence and its days from collection (BUYBACK_GUARANTEE_GBP, BUYBACK_GUARANTEE_DAYS). */
  buybackGuarantee: BuybackGuaranteeTerms;
  /** The people (by e-mail, lower case) given the MLRO role at start if they have no staff role yet (MLRO_EMAILS). */
  mlroEmails: string[];
  /** The zone whose calendar days and times are shown and group the statistics (DISPLAY_TIME_ZONE). */
  displayTimeZone: string;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); empty: none. */
  trustedProxies: string[];
  /** What was generated on this start, without secrets (printed by main). */
  generatedNotice: string[];
  /** Passwords generated on this start, shown once on the terminal only (lib/generated-credentials.ts). */
  generatedCredentials: string[];
};

function isGeneratedSecrets(value: unknown): value is GeneratedSecrets {
  const fields = value as Partial<Record<keyof GeneratedSecrets, unknown>> | null;
  return (
    typeof fields === "object" &&
    fields !== null &&
    typeof fields.authSecret === "string" &&
    fields.authSecret.length >= 32 &&
    typeof fields.secureBoxUsername === "string" &&
    fields.secureBoxUsername !== "" &&
    typeof fields.secureBoxPassword === "string" &&
    fields.secureBoxPassword !== ""
  );
}

/**
 * The secrets file is created once (mode 0600) and must be readable from then on. An unreadable or
 * corrupt file stops the start: silently generating new secrets would end every session and change
 * the Secure Box password without anyone knowing why.
 */
function loadOrCreateSecrets(dataDir: string, notice: string[], credentials: string[]): GeneratedSecrets {
  const file = path.join(dataDir, "secrets.json");
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") {
      throw new ConfigError([
        `DATA_DIR: the secrets file ${file} cannot be read (${code ?? "unknown error"}). Fix its permissions, or move it away to generate new secrets (every session then ends).`,
      ]);
    }
  }
  if (text !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isGeneratedSecrets(parsed)) {
      throw new ConfigError([
        `DATA_DIR: the secrets file ${file} is corrupt. Restore it from a backup, or move it away to generate new secrets (every session then ends).`,
      ]);
    }
    // A copy restored with looser permissions is tightened again: only the server's user may read it.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return parsed;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets: GeneratedSecrets = {
    authSecret: randomBytes(32).toString("base64url"),
    secureBoxUsername: "staff",
    secureBoxPassword: randomBytes(12).toString("base64url"),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
  // The mode given at creation is filtered by the umask; set it outright.
  chmodSync(file, 0o600);
  notice.push(`Generated secrets stored in ${file}`);
  credentials.push(`Secure Box username: ${secrets.secureBoxUsername}  password: ${secrets.secureBoxPassword}`);
  return secrets;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const generatedNotice: string[] = [];
  const generatedCredentials: string[] = [];
  const needsGenerated = !env.AUTH_SECRET || !env.SECURE_BOX_USERNAME;
  const secrets = needsGenerated ? loadOrCreateSecrets(dataDir, generatedNotice, generatedCredentials) : undefined;
  const secureBox =
    env.SECURE_BOX_USERNAME && env.SECURE_BOX_PASSWORD
      ? { username: env.SECURE_BOX_USERNAME, password: env.SECURE_BOX_PASSWORD }
      : { username: secrets!.secureBoxUsername, password: secrets!.secureBoxPassword };
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    orderLimits: {
      collectLineMinGbpMinor: env.ORDER_MIN_COLLECT_LINE_GBP,
      collectOrderMaxGbpMinor: env.ORDER_MAX_COLLECT_ORDER_GBP,
    },
    dueDiligence: {
      enhancedGbpMinor: env.DUE_DILIGENCE_ENHANCED_GBP,
      thresholdEurMinor: env.DUE_DILIGENCE_THRESHOLD_EUR,
    },
    orderExpiry: {
      acceptedDays: env.ORDER_EXPIRE_ACCEPTED_AFTER_DAYS,
      pendingDays: env.ORDER_EXPIRE_PENDING_AFTER_DAYS,
    },
    sanctionsMatchThreshold: env.SANCTIONS_MATCH_THRESHOLD,
    staffIdleMinutes: env.STAFF_IDLE_MINUTES,
    retention: {
      ordersYears: env.RETENTION_ORDERS_YEARS,
      contactMessagesMonths: env.RETENTION_CONTACT_MESSAGES_MONTHS,
      expiredRecordsDays: env.RETENTION_EXPIRED_RECORDS_DAYS,
    },
    riskRules: { ...DEFAULT_RISK_RULES, highValueNotesGbpMinor: env.RISK_HIGH_VALUE_NOTES_GBP },
    maxSterlingBackPercent: env.ORDER_MAX_STERLING_BACK_PERCENT,
    tillVarianceSignOffGbpMinor: env.TILL_VARIANCE_SIGNOFF_GBP,
    counterIdFromGbpMinor: env.COUNTER_ID_FROM_GBP,
    buybackGuarantee: { feeGbpMinor: env.BUYBACK_GUARANTEE_GBP, days: env.BUYBACK_GUARANTEE_DAYS },
    mlroEmails: env.MLRO_EMAILS,
    metricsAllow: toBlockList(env.METRICS_ALLOW),
    dataDir,
    publicUrl,
    secureCookies: publicUrl.startsWith("https://"),
    authSecret: env.AUTH_SECRET ?? secrets!.authSecret,
    bootstrapAdmin:
      env.BOOTSTRAP_ADMIN_EMAIL && env.BOOTSTRAP_ADMIN_PASSWORD
        ? { email: env.BOOTSTRAP_ADMIN_EMAIL, password: env.BOOTSTRAP_ADMIN_PASSWORD }
        : undefined,
    bootstrapAdminTotpSecret: env.BOOTSTRAP_ADMIN_TOTP_SECRET,
    secureBox,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
        : undefined,
    rates: { provider: env.RATES_PROVIDER, apiUrl: env.RATES_API_URL, apiKey: env.RATES_API_KEY },
    rateFreshness: {
      freshHours: env.RATES_FRESH_HOURS,
      pauseOrdersAfterHours: env.RATES_PAUSE_ORDERS_AFTER_HOURS,
    },
    sanctionsListStaleDays: env.SANCTIONS_LIST_STALE_DAYS,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, supportEmail: env.SUPPORT_EMAIL },
    links: {
      moneyTransfer: env.MONEY_TRANSFER_URL,
      worfx: env.WORFX_URL,
      appStore: env.APP_STORE_URL,
      playStore: env.PLAY_STORE_URL,
    },
    logLevel: env.LOG_LEVEL,
    displayTimeZone: env.DISPLAY_TIME_ZONE,
    trustedProxies: env.TRUSTED_PROXIES,
    generatedNotice,
    generatedCredentials: env.SECURE_BOX_USERNAME ? [] : generatedCredentials,
  };
}

/** Validated entries of an address list as a set to check addresses against. */
export function toBlockList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}
