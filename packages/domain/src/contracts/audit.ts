import { z } from "zod";

/** Entries on one page of the audit viewer. */
export const AUDIT_PAGE_SIZE = 50;

/** A filter left empty in a GET form arrives as ""; it means "any". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

const day = z.iso.date({ error: "Enter a date as YYYY-MM-DD" });

const auditLogFilterFields = {
  /** Who did it: the staff member's e-mail, in any letter case. */
  who: optional(
    z
      .string()
      .trim()
      .max(254, "An e-mail address is at most 254 characters")
      .refine((text) => [...text].every((c) => c.charCodeAt(0) >= 32), "An e-mail address has no control characters"),
  ),
  /** What was done: one action as recorded ("order.accept"). */
  action: optional(
    z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9_.]+$/, "Choose an action from the list"),
  ),
  /** Which order: its 8-digit Order Number. */
  order: optional(
    z
      .string()
      .trim()
      .regex(/^\d{8}$/, "An Order Number is 8 digits"),
  ),
  /** Calendar days in the display time zone, both included. */
  from: optional(day),
  to: optional(day),
};

/** The end of a date range must not come before its start. */
function checkRange(filter: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (filter.from && filter.to && filter.to < filter.from) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "The end date must not be before the start date" });
  }
}

/** Staff: the audit log's filters (the CSV export takes the same). */
export const auditLogFilterSchema = z.object(auditLogFilterFields).strict().superRefine(checkRange);
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

/** Staff: one page of the audit log, newest first. */
export const auditLogQuerySchema = z
  .object({
    ...auditLogFilterFields,
    /** Opaque cursor from the previous page's nextCursor. */
    after: optional(z.string().max(200)),
    limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  })
  .strict()
  .superRefine(checkRange);

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for the system itself (a job, the start). */
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** The order the entry is about, when it is about one. */
  order: z.object({ id: z.string(), orderNumber: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Cursor of the next (older) page, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** Every action the log holds, in alphabetical order, for the viewer's "What" filter. */
export const auditActionsSchema = z.object({ actions: z.array(z.string()) });
export type AuditActions = z.infer<typeof auditActionsSchema>;
