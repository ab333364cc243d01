/**
 * A branch's availability for a basket (issue 17), without zod: pages import these, and a value
 * imported from a contract module would bring the whole validation library into the browser.
 */
export const availabilityValues = ["available", "short"] as const;
export type Availability = (typeof availabilityValues)[number];

/** Step 1's words for a branch's availability (issue 17): nothing where stock is not tracked. */
export const AVAILABILITY_TEXT: Record<Availability, string> = {
  available: "Available today",
  short: "Not enough stock",
};
