import { isTdsSectionCode, type TdsSectionCode, tdsPayableLedgerName } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../lib/clock.ts";
import { accountNameKey, blankLedgerRow } from "../organisations/system-accounts.ts";

const DUTIES_AND_TAXES = "Duties and Taxes";

/** The sections the payloads deduct under (`tds.section`). */
export function sectionsDeducted(payloads: readonly Record<string, unknown>[]): TdsSectionCode[] {
  const sections = new Set<TdsSectionCode>();
  for (const payload of payloads) {
    const tds = payload.tds as { section?: unknown } | undefined;
    if (tds && typeof tds.section === "string" && isTdsSectionCode(tds.section)) {
      sections.add(tds.section);
    }
  }
  return [...sections];
}

async function findLedgers(
  db: Kysely<Database>,
  organisationId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("accounts")
    .select(["id", "name_key"])
    .where("organisation_id", "=", organisationId)
    .where("name_key", "in", names.map(accountNameKey))
    .where("deleted_at", "is", null)
    .execute();
  return new Map(rows.map((row) => [row.name_key, row.id]));
}

/**
 * Ledgers by name, each made under its group the first time it is needed (decision 300); an
 * account of that name the user made already is used. Two saves making the same ledger at once:
 * the unique name lets one insert, the other reads it.
 */
export async function ensureNamedLedgers(
  db: Kysely<Database>,
  organisationId: string,
  ledgers: readonly { name: string; group: string }[],
): Promise<Map<string, string>> {
  const names = ledgers.map((ledger) => ledger.name);
  let found = await findLedgers(db, organisationId, names);
  const missing = ledgers.filter((ledger) => !found.has(accountNameKey(ledger.name)));
  if (missing.length > 0) {
    const now = nowIso();
    for (const { name, group } of missing) {
      try {
        await db
          .insertInto("accounts")
          .values(blankLedgerRow({ organisationId, name, group, systemKey: null, now }))
          .execute();
      } catch {
        // Another save made it first; it is read below.
      }
    }
    found = await findLedgers(db, organisationId, names);
  }
  const byName = new Map<string, string>();
  for (const { name } of ledgers) {
    const id = found.get(accountNameKey(name));
    if (id) byName.set(name, id);
  }
  return byName;
}

/** The `TDS Payable – <section>` ledger of each section, under Duties and Taxes. */
export async function ensureTdsPayableLedgers(
  db: Kysely<Database>,
  organisationId: string,
  sections: readonly TdsSectionCode[],
): Promise<Map<string, string>> {
  const bySection = new Map<string, string>();
  if (sections.length === 0) return bySection;
  const byName = await ensureNamedLedgers(
    db,
    organisationId,
    sections.map((section) => ({ name: tdsPayableLedgerName(section), group: DUTIES_AND_TAXES })),
  );
  for (const section of sections) {
    const id = byName.get(tdsPayableLedgerName(section));
    if (id) bySection.set(section, id);
  }
  return bySection;
}
