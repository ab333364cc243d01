export { auditLogCsvHeader, auditLogCsvRows } from "./export-audit-log.ts";
export { listAuditActions } from "./list-audit-actions.ts";
export { listAuditLog } from "./list-audit-log.ts";
export { auditedBy, type AuditEntry, writeAudit } from "./write-audit.ts";
