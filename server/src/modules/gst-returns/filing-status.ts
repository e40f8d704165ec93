import type { VoucherType } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { areMonthsLocked } from "../lock-periods/lock-periods.service.ts";
import { listVouchersChangedAfter } from "./gst-returns.repository.ts";

/** A return's filing as its screen shows it (issue 40). */
export interface FilingStatus {
  filedAt: string;
  filedBy: string;
  arn: string | null;
  /** Whether the lock the filing put on the period is still on (false once lifted). */
  locked: boolean;
  /** Documents of the period saved or deleted after the filing: the return no longer matches them. */
  changedAfterFiling: {
    entryId: string;
    transactionType: string;
    number: string;
    date: string;
    partyName: string | null;
    changedAt: string;
    deleted: boolean;
  }[];
}

/** The filing of a period with whether its lock holds and what changed after it; null if unfiled. */
export async function readFilingStatus(
  db: Kysely<Database>,
  organisationId: string,
  filing: { filed_at: string; filed_by: string; arn: string | null } | undefined,
  period: { startDate: string; endDate: string; months: readonly string[] },
  types: readonly VoucherType[],
): Promise<FilingStatus | null> {
  if (!filing) return null;
  const [locked, changed] = await Promise.all([
    areMonthsLocked(db, organisationId, period.months, types),
    listVouchersChangedAfter(db, organisationId, types, {
      fromDate: period.startDate,
      toDate: period.endDate,
      after: filing.filed_at,
    }),
  ]);
  return {
    filedAt: filing.filed_at,
    filedBy: filing.filed_by,
    arn: filing.arn,
    locked,
    changedAfterFiling: changed.map((row) => ({
      entryId: row.id,
      transactionType: row.type,
      number: row.number,
      date: row.date,
      partyName: row.party_name,
      changedAt: row.deleted_at ?? row.updated_at,
      deleted: row.deleted_at !== null,
    })),
  };
}
