import { appendFileSync, chmodSync, mkdirSync } from "node:fs";
import path from "node:path";

export const GENERATED_CREDENTIALS_FILE = "generated-credentials.txt";

/**
 * Passwords generated at start (Secure Box, first admin) are shown once, to a person: on the terminal
 * when the output is one. When the output is not a terminal it is a log (a service manager, a
 * container, a file), and a password must never land there: the lines are written to a file in
 * DATA_DIR that only the server's user can read, and the output says where.
 * Returns the lines to print.
 */
export function presentGeneratedCredentials(options: {
  credentials: string[];
  dataDir: string;
  terminal: boolean;
  now?: Date;
}): string[] {
  const { credentials, dataDir, terminal } = options;
  if (credentials.length === 0) return [];
  if (terminal) return [...credentials, "  (shown once: note them now)"];
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, GENERATED_CREDENTIALS_FILE);
  const stamp = (options.now ?? new Date()).toISOString();
  appendFileSync(file, `# generated ${stamp}\n${credentials.join("\n")}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return [`Generated passwords were written to ${file} (readable by this user only), not to this output`];
}
