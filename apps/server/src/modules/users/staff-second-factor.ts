import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { staffSecondFactors } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { openSecret, sealSecret } from "../../lib/secret-box.ts";
import { writeAudit } from "../audit/index.ts";
import { isLiveEnrolmentLink, removeEnrolmentLink } from "./second-factor-enrolment-link.ts";

/**
 * Staff second factor (docs/decisions/011): a time-based one-time password (TOTP, RFC 6238: SHA-1,
 * 6 digits, 30 s) from an authenticator app, with single-use recovery codes. Asked for at the Secure
 * Box once confirmed.
 */
const PURPOSE = "staff-second-factor";
const ISSUER = "Harbour FX";
export const RECOVERY_CODE_COUNT = 10;

type Options = { db: Db; authSecret: string; userId: string };

const totpOf = (secretBase32: string, label = "staff") =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
const hashOf = (code: string) => createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");

async function rowOf(db: Db, userId: string) {
  const [row] = await db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
  return row;
}

/** Said when enrolment is asked for without the person's live enrolment link (decision 032). */
export const ENROLMENT_LINK_NEEDED_MESSAGE =
  "Open the set-up link we e-mailed to you to set up your authenticator. If it has expired, ask another admin to send a new one from the Users page.";

/** Refuses unless `token` is the person's live enrolment link, e-mailed to their verified address. */
async function requireEnrolmentLink(db: Db, userId: string, token: string | undefined) {
  if (!token || !(await isLiveEnrolmentLink(db, userId, token))) {
    throw new AppError("forbidden", ENROLMENT_LINK_NEEDED_MESSAGE);
  }
}

/**
 * Starts (or restarts) enrolment: a new secret, shown once as a QR code and as text. Needs the person's
 * enrolment link (decision 032: the password alone does not let anyone enrol). Refused once an
 * authenticator is confirmed (replacing it is an admin's reset, not a self-service step).
 */
export async function startSecondFactorEnrolment(
  options: Options & { accountLabel: string; enrolmentToken: string | undefined },
) {
  const { db, authSecret, userId } = options;
  if ((await rowOf(db, userId))?.confirmedAt) {
    throw new AppError("conflict", "An authenticator is already set up for this account.");
  }
  await requireEnrolmentLink(db, userId, options.enrolmentToken);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealSecret(secret, authSecret, PURPOSE);
  await db
    .insert(staffSecondFactors)
    .values({ userId, secretCiphertext: sealed })
    .onConflictDoUpdate({ target: staffSecondFactors.userId, set: { secretCiphertext: sealed, lastUsedStep: null } });
  const uri = totpOf(secret, options.accountLabel).toString();
  const qrCodeSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, otpauthUri: uri, qrCodeSvg };
}

/**
 * Confirms enrolment with a current code, with the same enrolment link, which it uses up; answers the
 * recovery codes, shown this once.
 */
export async function confirmSecondFactor(
  options: Options & { code: string; actorEmail: string; requestId: string; enrolmentToken: string | undefined },
) {
  const { db, authSecret, userId } = options;
  const row = await rowOf(db, userId);
  if (!row) throw new AppError("conflict", "Start setting up the authenticator first.");
  if (row.confirmedAt) throw new AppError("conflict", "An authenticator is already set up for this account.");
  await requireEnrolmentLink(db, userId, options.enrolmentToken);
  const step = matchingStep(openSecret(row.secretCiphertext, authSecret, PURPOSE), options.code);
  if (step === undefined) {
    throw new AppError("validation_failed", "The code is not correct. Enter the 6 digits your app shows now.", {
      code: "The code is not correct",
    });
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = randomBytes(8).toString("hex");
    return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}-${text.slice(12)}`;
  });
  await db.transaction(async (tx) => {
    await tx
      .update(staffSecondFactors)
      .set({ confirmedAt: new Date(), lastUsedStep: step, recoveryCodeHashes: recoveryCodes.map(hashOf) })
      .where(eq(staffSecondFactors.userId, userId));
    await removeEnrolmentLink(tx, userId);
    await writeAudit(tx, {
      actorId: userId,
      actorEmail: options.actorEmail,
      action: "second_factor.enrolled",
      entityType: "user",
      entityId: userId,
      requestId: options.requestId,
    });
  });
  return { recoveryCodes };
}

/** Enrols with a given secret, confirmed at once (the bootstrap admin's BOOTSTRAP_ADMIN_TOTP_SECRET). */
export async function enrolWithKnownSecret(options: Options & { secretBase32: string }) {
  const { db, authSecret, userId } = options;
  const existing = await rowOf(db, userId);
  if (existing?.confirmedAt && openSecret(existing.secretCiphertext, authSecret, PURPOSE) === options.secretBase32) {
    return "unchanged" as const;
  }
  const sealed = sealSecret(options.secretBase32, authSecret, PURPOSE);
  const values = { secretCiphertext: sealed, confirmedAt: new Date(), lastUsedStep: null, recoveryCodeHashes: [] };
  await db
    .insert(staffSecondFactors)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: staffSecondFactors.userId, set: values });
  return "enrolled" as const;
}

/**
 * Checks a code at the Secure Box: the authenticator's current code (one step of clock drift either
 * way, never a code already used), or one of the recovery codes (then used up).
 */
export async function checkSecondFactorCode(options: Options & { code: string }): Promise<boolean> {
  const { db, authSecret, userId } = options;
  const row = await rowOf(db, userId);
  if (!row?.confirmedAt) return false;
  const code = options.code.trim();
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(openSecret(row.secretCiphertext, authSecret, PURPOSE), code);
    if (step === undefined || (row.lastUsedStep !== null && step <= row.lastUsedStep)) return false;
    // Conditional on the last step, so that two requests with one code cannot both pass.
    const updated = await db
      .update(staffSecondFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(staffSecondFactors.userId, userId),
          or(isNull(staffSecondFactors.lastUsedStep), lt(staffSecondFactors.lastUsedStep, step)),
        ),
      )
      .returning({ step: staffSecondFactors.lastUsedStep });
    return updated.length === 1;
  }
  // One conditional update takes the code out only if it is still there: of two requests with one code,
  // exactly one removes it and passes (a read, then a write, let both pass).
  const hash = hashOf(code);
  const used = await db
    .update(staffSecondFactors)
    .set({ recoveryCodeHashes: sql`${staffSecondFactors.recoveryCodeHashes} - ${hash}::text` })
    .where(
      and(
        eq(staffSecondFactors.userId, userId),
        sql`${staffSecondFactors.recoveryCodeHashes} @> jsonb_build_array(${hash}::text)`,
      ),
    )
    .returning({ userId: staffSecondFactors.userId });
  return used.length === 1;
}

/** The 30-second step a code belongs to (current one ±1), or undefined when it matches none. */
function matchingStep(secretBase32: string, code: string): number | undefined {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code.trim(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(Date.now() / 1000 / 30) + delta;
}
