import { fromNodeHeaders } from "better-auth/node";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AuditActor } from "../lib/audit-actor.ts";
import { AppError } from "../lib/app-error.ts";
import type { CurrentSession } from "../lib/current-session.ts";
import { sessions } from "../db/auth-schema.ts";
import { branchesOfStaff, hasSecondFactor } from "../modules/users/index.ts";
import {
  type AccountRole,
  isStaffRole,
  NOT_YOUR_BRANCH_MESSAGE,
  NOT_YOUR_ROLE_MESSAGE,
  type Permission,
  roleMay,
  type StaffPlacement,
  worksAt,
  worksAtBranches,
} from "@bureau/domain/staff-permissions";
import { sessionCookieName } from "./auth.ts";

/**
 * The session of a request as our routes see it (docs/decisions/005): read once from better-auth
 * and cached on the request, and the preHandlers other areas put on their routes, `requireUser`
 * and `requireStaff`.
 */

/**
 * A Secure Box pass lasts a working day: 12 hours after it, the whole session ends (a staff session's
 * absolute lifetime), not only the pass.
 */
export const STAFF_VERIFICATION_TTL_MS = 12 * 60 * 60 * 1000;
/** A staff session's last activity is written at most this often: one write a minute, not one a request. */
export const STAFF_ACTIVITY_TOUCH_MS = 60 * 1000;
/** However active, a session ends 30 days after sign-in (besides better-auth's sliding 7-day expiry). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether a session has outlived its absolute lifetime (30 days; 12 hours after a Secure Box pass). */
export function hasOutlivedSession(
  session: { createdAt: Date; staffVerifiedAt: Date | null },
  now = Date.now(),
): boolean {
  if (now - session.createdAt.getTime() >= SESSION_ABSOLUTE_LIFETIME_MS) return true;
  return (
    session.staffVerifiedAt instanceof Date && now - session.staffVerifiedAt.getTime() >= STAFF_VERIFICATION_TTL_MS
  );
}

declare module "fastify" {
  interface FastifyRequest {
    /** undefined: not looked up yet; null: anonymous. Use loadSession(). */
    currentSession: CurrentSession | null | undefined;
  }
}

/** Staff verification counts only while it is fresh (STAFF_VERIFICATION_TTL_MS). */
export function isStaffVerificationValid(staffVerifiedAt: Date | null | undefined, now = Date.now()): boolean {
  return staffVerifiedAt instanceof Date && now - staffVerifiedAt.getTime() < STAFF_VERIFICATION_TTL_MS;
}

/**
 * Reads the session of this request once (cached on the request). When better-auth slides the
 * session's expiry it answers with a fresh cookie, which is passed on to the reply.
 */
export async function loadSession(request: FastifyRequest, reply?: FastifyReply): Promise<CurrentSession | null> {
  if (request.currentSession !== undefined) return request.currentSession;
  const app = request.server;
  const cookie = request.headers.cookie;
  if (!cookie?.includes(sessionCookieName(app.config))) {
    request.currentSession = null;
    return null;
  }
  const { headers, response } = await app.auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
  });
  if (reply && !reply.sent) for (const value of headers.getSetCookie()) reply.header("set-cookie", value);
  if (!response) {
    request.currentSession = null;
    return null;
  }
  const { session, user } = response;
  const staffVerifiedAt = (session as { staffVerifiedAt?: Date | null }).staffVerifiedAt ?? null;
  if (hasOutlivedSession({ createdAt: new Date(session.createdAt), staffVerifiedAt })) {
    // Ended for good (not merely signed out in this browser): the row goes, the cookie is cleared.
    await app.db.delete(sessions).where(eq(sessions.id, session.id));
    if (reply && !reply.sent)
      reply.header(
        "set-cookie",
        `${sessionCookieName(app.config)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${app.config.secureCookies ? "; Secure" : ""}`,
      );
    request.currentSession = null;
    return null;
  }
  const storedRole = (user as { role?: string }).role;
  const role: AccountRole = isStaffRole(storedRole) ? storedRole : "user";
  // A staff pass counts only for staff with an authenticator (docs/decisions/011): the Secure Box
  // refuses anyone else, and this also ends a pass given before that rule (or before a reset).
  let staffVerified =
    role !== "user" && isStaffVerificationValid(staffVerifiedAt) && (await hasSecondFactor(app.db, user.id));
  if (staffVerified && staffVerifiedAt) {
    const staffActiveAt = (session as { staffActiveAt?: Date | null }).staffActiveAt ?? null;
    staffVerified = await keepStaffPassWhileActive(app, session.id, staffVerifiedAt, staffActiveAt);
  }
  request.currentSession = {
    sessionId: session.id,
    user: {
      id: user.id,
      email: user.email,
      name: user.name ?? "",
      image: user.image ?? null,
      role,
      branches: role === "user" ? [] : await branchesOfStaff(app.db, user.id, role),
      emailVerified: user.emailVerified === true,
      staffVerified,
    },
  };
  return request.currentSession;
}

/**
 * A Secure Box pass ends after STAFF_IDLE_MINUTES without activity (the dashboard guard then sends the
 * person to the Secure Box again); while it lasts, the session's last activity is kept up to date, written
 * at most once a minute. Activity is any request this session makes. Answers whether the pass still holds.
 */
async function keepStaffPassWhileActive(
  app: FastifyInstance,
  sessionId: string,
  staffVerifiedAt: Date,
  staffActiveAt: Date | null,
  now = Date.now(),
): Promise<boolean> {
  const lastActive = Math.max(staffVerifiedAt.getTime(), staffActiveAt?.getTime() ?? 0);
  if (now - lastActive >= app.config.staffIdleMinutes * 60_000) {
    await app.db.update(sessions).set({ staffVerifiedAt: null, staffActiveAt: null }).where(eq(sessions.id, sessionId));
    return false;
  }
  if (now - lastActive >= STAFF_ACTIVITY_TOUCH_MS) {
    await app.db
      .update(sessions)
      .set({ staffActiveAt: new Date(now) })
      .where(eq(sessions.id, sessionId));
  }
  return true;
}

/** Forgets the cached session (after a change to it within the same request). */
export function forgetLoadedSession(request: FastifyRequest) {
  request.currentSession = undefined;
}

/** preHandler/onRequest: 401 unless signed in. Use `signedInSession(request)` in the handler. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  const current = await loadSession(request, reply);
  if (!current) throw new AppError("unauthenticated", "Please sign in first.");
}

/**
 * preHandler/onRequest for staff routes: 401 anonymous; 403 unless the user has a staff role and a
 * session that passed the Secure Box (and that pass is still fresh).
 */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply) {
  const current = await loadSession(request, reply);
  if (!current) throw new AppError("unauthenticated", "Please sign in first.");
  if (current.user.role === "user") throw new AppError("forbidden", "This area is for staff.");
  if (!current.user.staffVerified) throw new AppError("forbidden", "Open the Secure Box first to use the staff area.");
}

/**
 * onRequest for one staff route, after requireStaff: 403 unless the role holds the permission the
 * matrix gives the route (packages/domain/src/staff-permissions.ts).
 */
export function requirePermission(permission: Permission) {
  return async function requireRolePermission(request: FastifyRequest) {
    if (!roleMay(signedInSession(request).user.role, permission))
      throw new AppError("forbidden", NOT_YOUR_ROLE_MESSAGE);
  };
}

/**
 * The branches whose orders and tills the signed-in member of staff works with, or null for all of them
 * (an admin; the MLRO, whose compliance work spans the branches).
 */
export function branchScopeOf(request: FastifyRequest): readonly string[] | null {
  const { user } = signedInSession(request);
  return worksAtBranches(user.role) ? user.branches : null;
}

/** 403 unless the signed-in member of staff works at the branch (an admin works at every branch). */
export function requireBranch(request: FastifyRequest, branchKey: string) {
  if (!worksAt(signedInSession(request).user, branchKey)) throw new AppError("forbidden", NOT_YOUR_BRANCH_MESSAGE);
}

/** The signed-in user of a route guarded by requireUser or requireStaff. */
export function signedInSession(request: FastifyRequest): CurrentSession {
  if (!request.currentSession) throw new AppError("unauthenticated", "Please sign in first.");
  return request.currentSession;
}

/** The signed-in member of staff with their role and branches, for the rules of who manages whom. */
export function actingStaffOf(request: FastifyRequest): AuditActor & StaffPlacement {
  const { user } = signedInSession(request);
  return { id: user.id, email: user.email, role: user.role, branches: user.branches };
}

/** Who a staff change is recorded against in the audit log: the signed-in user. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { user } = signedInSession(request);
  return { id: user.id, email: user.email };
}

export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("currentSession", undefined);
  },
  { name: "session", dependencies: ["auth"] },
);
