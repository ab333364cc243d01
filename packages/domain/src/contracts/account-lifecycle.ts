import { z } from "zod";

/**
 * The account e-mails' links act only through a POST from their page (decision 030): the page sends
 * the link's token back. Confirming an address and closing an account also need the account signed in.
 */
export const accountLinkRequestSchema = z.object({ token: z.string().min(1).max(1000) });
export type AccountLinkRequest = z.infer<typeof accountLinkRequestSchema>;

export const emailConfirmedSchema = z.object({
  emailVerified: z.literal(true),
  /** How many other sessions of the account were ended by the confirmation. */
  otherSessionsEnded: z.number().int().nonnegative(),
});

/** "This wasn't me": the same answer whether the account was still there or had gone already. */
export const unclaimedAccountDeletedSchema = z.object({ deleted: z.literal(true) });

export const accountClosureRequestedSchema = z.object({ sent: z.literal(true) });

export const accountClosedSchema = z.object({ closed: z.literal(true) });
