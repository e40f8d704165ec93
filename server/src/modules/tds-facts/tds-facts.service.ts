import type { TdsFact } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, TdsEntriesTable } from "../../db/schema.ts";
import { runWrites } from "../../db/writes.ts";
import * as repo from "./tds-facts.repository.ts";

/**
 * The TDS facts of saved vouchers (decision 300), kept by the engine in each save's transaction
 * like the GST return facts: what each voucher credits a deductee under a section, and what it
 * deducted. The tds module reads them through the functions below.
 */
export interface SavedTdsFact {
  voucherId: string;
  type: string;
  date: string;
  fact: TdsFact | null | undefined;
}

export async function writeTdsFacts(
  trx: Kysely<Database>,
  organisationId: string,
  saved: readonly SavedTdsFact[],
  /** An edit replaces the voucher's facts; a new voucher has none to delete. */
  replace: boolean,
): Promise<void> {
  if (saved.length === 0) return;
  const rows: TdsEntriesTable[] = saved.flatMap(({ voucherId, type, date, fact }) =>
    fact
      ? [
          {
            organisation_id: organisationId,
            voucher_id: voucherId,
            voucher_type: type,
            party_account_id: fact.partyAccountId,
            section: fact.section,
            date,
            credit_paise: fact.creditPaise,
            base_paise: fact.basePaise,
            tds_paise: fact.tdsPaise,
            rate_bp: fact.rateBasisPoints,
            certificate_base_paise: fact.certificateBasePaise,
            deductible_on: fact.deductibleOn ?? null,
          },
        ]
      : [],
  );
  if (!replace) {
    // Most saves credit no deductee: a new voucher without a fact writes nothing.
    if (rows.length > 0) await runWrites(trx, repo.insertFacts(trx, rows));
    return;
  }
  // An edit: a voucher with a fact has its row written over; one without loses its row. The two
  // touch different rows, so they may share one PostgreSQL statement (runWrites, decision 019).
  const withFact = new Set(rows.map((row) => row.voucher_id));
  const without = saved.map((entry) => entry.voucherId).filter((id) => !withFact.has(id));
  await runWrites(trx, [
    ...(without.length > 0 ? [repo.deleteFacts(trx, organisationId, without)] : []),
    ...repo.upsertFacts(trx, rows),
  ]);
}

export async function removeTdsFacts(
  trx: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
): Promise<void> {
  if (voucherIds.length > 0) await repo.deleteFacts(trx, organisationId, voucherIds).execute();
}

export interface PartyCredit {
  voucherId: string;
  date: string;
  creditPaise: number;
  basePaise: number;
  tdsPaise: number;
  certificateBasePaise: number;
}

export async function listPartyCredits(
  db: Kysely<Database>,
  organisationId: string,
  partyAccountId: string,
  section: string,
  range: { startDate: string; endDate: string },
): Promise<PartyCredit[]> {
  const rows = await repo.selectPartyCredits(
    db,
    organisationId,
    partyAccountId,
    section,
    range.startDate,
    range.endDate,
  );
  return rows.map((row) => ({
    voucherId: row.voucher_id,
    date: row.date,
    creditPaise: Number(row.credit_paise),
    basePaise: Number(row.base_paise),
    tdsPaise: Number(row.tds_paise),
    certificateBasePaise: Number(row.certificate_base_paise),
  }));
}

export async function listDeductions(
  db: Kysely<Database>,
  organisationId: string,
  range: { startDate: string; endDate: string },
) {
  const rows = await repo.selectDeductions(db, organisationId, range.startDate, range.endDate);
  return rows.map((row) => ({
    voucherId: row.voucher_id,
    voucherType: row.voucher_type,
    partyAccountId: row.party_account_id,
    partyName: row.party_name,
    pan: row.pan,
    deducteeType: row.deductee_type,
    certificate: row.lower_deduction_certificate,
    section: row.section,
    date: row.date,
    number: row.number,
    creditPaise: Number(row.credit_paise),
    basePaise: Number(row.base_paise),
    tdsPaise: Number(row.tds_paise),
    rateBasisPoints: Number(row.rate_bp),
    certificateBasePaise: Number(row.certificate_base_paise),
    deductibleOn: row.deductible_on,
    challanId: row.challan_id,
  }));
}

export type Deduction = Awaited<ReturnType<typeof listDeductions>>[number];
