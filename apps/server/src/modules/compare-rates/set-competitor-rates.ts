import { COMPETITOR_NAMES, type CompetitorRateSetting } from "@bureau/domain/contracts/compare-rates";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { readSetting, writeSetting } from "../../lib/settings-store.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { competitorRatesSetting } from "./competitor-rates-setting.ts";

/** The competitor figures as stored, one entry per competitor (unknown ones as null). */
export async function getCompetitorRates({ db }: { db: Db }): Promise<CompetitorRateSetting[]> {
  const stored = await readSetting(db, competitorRatesSetting);
  return COMPETITOR_NAMES.map(
    (name) => stored.find((f) => f.name === name) ?? { name, eurFor450: null, checkedOn: null },
  );
}

/** Staff enter what each competitor gives for £450 and when they checked; audited. */
export async function setCompetitorRates({
  db,
  figures,
  actor,
  requestId,
}: {
  db: Db;
  figures: CompetitorRateSetting[];
  actor: AuditActor;
  requestId?: string;
}): Promise<CompetitorRateSetting[]> {
  for (const figure of figures) {
    if (!(COMPETITOR_NAMES as readonly string[]).includes(figure.name)) {
      throw new AppError("validation_failed", `${figure.name} is not one of the compared providers.`, {
        name: "Unknown provider",
      });
    }
    if ((figure.eurFor450 === null) !== (figure.checkedOn === null)) {
      throw new AppError("validation_failed", `Give both the amount and the day it was checked for ${figure.name}.`, {
        checkedOn: "Needed with an amount",
      });
    }
    if (figure.checkedOn && figure.checkedOn > new Date().toISOString().slice(0, 10)) {
      throw new AppError("validation_failed", "The day checked cannot be in the future.", {
        checkedOn: "In the future",
      });
    }
  }
  const before = await getCompetitorRates({ db });
  const after = COMPETITOR_NAMES.map(
    (name) => figures.find((f) => f.name === name) ?? { name, eurFor450: null, checkedOn: null },
  );
  await db.transaction(async (tx) => {
    await writeSetting(tx, competitorRatesSetting, after);
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "compare_rates.update",
      entityType: "setting",
      entityId: competitorRatesSetting.key,
      before,
      after,
    });
  });
  return after;
}
