/**
 * Seed data for the Harbour FX branches, in display order.
 * All branches keep the same opening hours: Monday to Saturday 09:00–17:00,
 * Sunday 10:00–15:00.
 */
export type BranchKey = "worthing" | "brighton" | "chichester" | "172";

export type Weekday = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

export type BranchHours = {
  day: Weekday;
  opens: string;
  closes: string;
};

export type SeedBranch = {
  key: BranchKey;
  name: string;
  addressLines: string[];
  postcode: string;
  phone: string;
  email: string;
  mapQuery: string;
  hours: BranchHours[];
  displayOrder: number;
};

const standardHours = (): BranchHours[] => [
  { day: "Monday", opens: "09:00", closes: "17:00" },
  { day: "Tuesday", opens: "09:00", closes: "17:00" },
  { day: "Wednesday", opens: "09:00", closes: "17:00" },
  { day: "Thursday", opens: "09:00", closes: "17:00" },
  { day: "Friday", opens: "09:00", closes: "17:00" },
  { day: "Saturday", opens: "09:00", closes: "17:00" },
  { day: "Sunday", opens: "10:00", closes: "15:00" },
];

export const seedBranches: readonly SeedBranch[] = [
  {
    key: "worthing",
    name: "Worthing",
    addressLines: ["14 South Street", "Worthing", "West Sussex"],
    postcode: "BN11 3AE",
    phone: "01903 200 441",
    email: "worthing@harbourfx.co.uk",
    mapQuery: "Harbour FX, 14 South Street, Worthing BN11 3AE",
    hours: standardHours(),
    displayOrder: 1,
  },
  {
    key: "brighton",
    name: "Brighton",
    addressLines: ["58 Western Road", "Brighton", "East Sussex"],
    postcode: "BN1 2HA",
    phone: "01273 322 718",
    email: "brighton@harbourfx.co.uk",
    mapQuery: "Harbour FX, 58 Western Road, Brighton BN1 2HA",
    hours: standardHours(),
    displayOrder: 2,
  },
  {
    key: "chichester",
    name: "Chichester",
    addressLines: ["9 East Street", "Chichester", "West Sussex"],
    postcode: "PO19 1HS",
    phone: "01243 781 254",
    email: "chichester@harbourfx.co.uk",
    mapQuery: "Harbour FX, 9 East Street, Chichester PO19 1HS",
    hours: standardHours(),
    displayOrder: 3,
  },
  {
    key: "172",
    name: "London",
    addressLines: ["172 Edgware Road", "London"],
    postcode: "W2 2DS",
    phone: "020 7946 0172",
    email: "london@harbourfx.co.uk",
    mapQuery: "Harbour FX, 172 Edgware Road, London W2 2DS",
    hours: standardHours(),
    displayOrder: 4,
  },
];
