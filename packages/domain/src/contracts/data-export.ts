import { z } from "zod";
import { WAYS } from "../constants.ts";
import { orderStatusValues } from "./orders.ts";

/**
 * A subject access export (UK GDPR art. 15, docs/features/retention-and-data-rights.md): the personal data we hold about one customer,
 * as a JSON file. Amounts are integer minor units (pence, cents) as stored; rates exact decimals as text;
 * times ISO 8601 in UTC. Staff make one from an order (every order linked to its customer); a signed-in
 * customer makes their own. Records of anti-money-laundering checks (holds, flags, screenings, reports)
 * are not part of it (docs/features/retention-and-data-rights.md: disclosing them may tip a suspect off).
 */
const time = z.string();

export const dataExportOrderSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(orderStatusValues),
  way: z.enum(WAYS),
  placedAt: time,
  acceptedAt: time.nullable(),
  completedAt: time.nullable(),
  cancelledAt: time.nullable(),
  expiredAt: time.nullable(),
  /** When the retention period ended and the personal details were overwritten. */
  anonymisedAt: time.nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Recorded at collection under enhanced due diligence. */
  address: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  branch: z.string(),
  totalGbpMinor: z.number().int(),
  lines: z.array(
    z.object({
      currency: z.string(),
      gbpMinor: z.number().int(),
      foreignMinor: z.number().int(),
      rate: z.string(),
    }),
  ),
  /**
   * The identity document checked when the order was completed (docs/features/handover-at-the-counter.md), and for a sale the sterling
   * actually paid; null for an order completed before handovers were recorded, or not completed.
   */
  handover: z
    .object({
      idType: z.enum(["passport", "driving_licence", "national_id"]).nullable(),
      idNumberLast4: z.string().nullable(),
      idExpiresOn: z.string().nullable(),
      settledGbpMinor: z.number().int(),
    })
    .nullable(),
  /** Why this order is in the export: the details it shares with the customer. */
  linkedBy: z.array(z.enum(["email", "phone", "account"])),
});

export const dataExportSchema = z.object({
  kind: z.literal("subject-access-export"),
  generatedAt: time,
  /** How the customer was identified: from an order by staff, or a signed-in customer's own account. */
  subject: z.object({
    from: z.enum(["order", "account"]),
    /** The e-mail addresses and phone numbers (normalised) and accounts the records were matched by. */
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    accounts: z.array(z.string()),
  }),
  accounts: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      displayName: z.string(),
      role: z.string(),
      createdAt: time,
      hasPhoto: z.boolean(),
      signInMethods: z.array(z.string()),
    }),
  ),
  orders: z.array(dataExportOrderSchema),
  contactMessages: z.array(
    z.object({
      receivedAt: time,
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      message: z.string(),
      anonymisedAt: time.nullable(),
    }),
  ),
  rateAlerts: z.array(
    z.object({
      currency: z.string(),
      target: z.string(),
      email: z.string(),
      status: z.string(),
      createdAt: time,
      confirmedAt: time.nullable(),
      triggeredAt: time.nullable(),
      unsubscribedAt: time.nullable(),
    }),
  ),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The download's file name: what and whose, and the day it was made. */
export function dataExportFileName(label: string, generatedAt: string): string {
  return `harbour-fx-data-${label.replace(/[^A-Za-z0-9-]/g, "")}-${generatedAt.slice(0, 10)}.json`;
}

/**
 * The orders that share only the phone number with the order a staff export starts from (docs/features/retention-and-data-rights.md):
 * left out of the file, since a phone number proves nothing (a customer may type a neighbour's), and
 * listed for staff to check with the customer before anything of them is disclosed.
 */
export const phoneOnlyReviewSchema = z.object({
  orders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      placedAt: time,
      name: z.string(),
      status: z.enum(orderStatusValues),
    }),
  ),
});
export type PhoneOnlyReview = z.infer<typeof phoneOnlyReviewSchema>;
