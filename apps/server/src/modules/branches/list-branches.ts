import { asc } from "drizzle-orm";
import type { BranchKey, BranchList } from "@bureau/domain/contracts/reference-data";
import type { Db } from "../../db/client.ts";
import { branches } from "../../db/schema.ts";

export async function listBranches({ db }: { db: Db }): Promise<BranchList> {
  const rows = await db.select().from(branches).orderBy(asc(branches.displayOrder));
  return {
    branches: rows.map((row) => ({
      key: row.key as BranchKey,
      name: row.name,
      addressLines: row.addressLines,
      postcode: row.postcode,
      phone: row.phone,
      email: row.email,
      mapQuery: row.mapQuery,
      hours: row.hours,
    })),
  };
}
