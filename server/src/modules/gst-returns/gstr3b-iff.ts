import type { IffReportedDocument } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { listVoucherVersions } from "./gst-returns.repository.ts";
import {
  OUTWARD_TYPES,
  readVoucherReturnDocuments,
  type VoucherRow,
  versionRow,
} from "./gst-returns.service.ts";
import { listVouchersChangedAfter } from "./gstr3b.repository.ts";

/**
 * A quarterly filer's GSTR-3B of a quarter (decision 058): the invoices and notes of each month
 * whose IFF was filed that were saved again or deleted since the filing, in the versions the
 * quarter reads — as filed, as last saved within the quarter, as now. Other periods: none.
 */
export async function readIffReportedDocuments(
  db: Kysely<Database>,
  organisationId: string,
  period: { startDate: string; endDate: string; isQuarter: boolean },
  filings: readonly {
    return_kind: string;
    start_date: string;
    end_date: string;
    filed_at: string;
  }[],
): Promise<IffReportedDocument[]> {
  if (!period.isQuarter) return [];
  const iffs = filings.filter(
    (filing) =>
      filing.return_kind === "iff" &&
      filing.start_date >= period.startDate &&
      filing.end_date <= period.endDate,
  );
  const quarterEnd = `${period.endDate}T24`;
  const entries: { row: VoucherRow; filed: VoucherRow; atEnd: VoucherRow; live: boolean }[] = [];
  for (const iff of iffs) {
    const changed = await listVouchersChangedAfter(
      db,
      organisationId,
      OUTWARD_TYPES,
      iff.start_date,
      iff.end_date,
      iff.filed_at,
    );
    // Deleted before the filing: the IFF never had it.
    const reported = changed.filter(
      (row) => row.deleted_at === null || row.deleted_at > iff.filed_at,
    );
    const versions = await listVoucherVersions(
      db,
      organisationId,
      reported.map((row) => row.id),
    );
    for (const row of reported) {
      const own = versions.filter((version) => version.voucher_id === row.id);
      const filed = own.filter((version) => version.created_at <= iff.filed_at).at(-1);
      // Saved first after the filing: not in the IFF, so in the quarter's GSTR-1 as it is.
      if (!filed) continue;
      // A deletion's version keeps the last document: a deleted document stays as last saved.
      const atEnd = own.filter((version) => version.created_at < quarterEnd).at(-1) ?? filed;
      entries.push({
        row,
        filed: versionRow(row, filed.document),
        atEnd: versionRow(row, atEnd.document),
        live: row.deleted_at === null,
      });
    }
  }
  if (entries.length === 0) return [];
  const [filed, atEnd, current] = await Promise.all([
    readVoucherReturnDocuments(
      db,
      organisationId,
      entries.map((entry) => entry.filed),
    ),
    readVoucherReturnDocuments(
      db,
      organisationId,
      entries.map((entry) => entry.atEnd),
    ),
    readVoucherReturnDocuments(
      db,
      organisationId,
      entries.map((entry) => entry.row),
    ),
  ]);
  return entries.map((entry, index) => ({
    filed: filed[index] as IffReportedDocument["filed"],
    // Unchanged within the quarter (changed after it, or only deleted): no amendment.
    quarterEnd: (entry.atEnd.document === entry.filed.document
      ? filed[index]
      : atEnd[index]) as IffReportedDocument["quarterEnd"],
    current: entry.live ? (current[index] as IffReportedDocument["filed"]) : null,
  }));
}
