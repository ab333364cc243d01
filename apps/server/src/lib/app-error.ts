import { type ErrorCode, errorStatus } from "@bureau/domain/contracts/errors";

/** The one error type operations throw; the central handler maps it to a response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.status = errorStatus[code];
    this.fields = fields;
  }
}
