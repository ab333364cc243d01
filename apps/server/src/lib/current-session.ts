import type { SessionUser } from "@bureau/domain/contracts/accounts";

/**
 * The current request's session as our routes and operations use it. The session plugin reads it;
 * operations (the Secure Box) take it as an argument, so it lives apart from both.
 */
export type CurrentSession = {
  sessionId: string;
  user: SessionUser;
};
