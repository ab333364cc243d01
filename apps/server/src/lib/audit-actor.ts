/**
 * The signed-in staff member a change is recorded against in the audit log. Kept apart from both
 * the session plugin (which derives it from a request) and the modules (which record it), so that
 * neither has to import the other.
 */
export type AuditActor = { id: string; email: string };
