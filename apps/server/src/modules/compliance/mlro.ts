/**
 * Whether a staff member is named as the Money Laundering Reporting Officer (MLRO_EMAILS, lower case in
 * the config): only they read suspicion reports and clear the holds these make (docs/features/risk-flags-and-suspicion-reports.md).
 */
export function isMlro(mlroEmails: readonly string[], email: string | null | undefined): boolean {
  return Boolean(email) && mlroEmails.includes(email!.trim().toLowerCase());
}
