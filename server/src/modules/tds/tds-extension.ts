import type { VoucherType } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { VoucherExtension } from "../vouchers/voucher-extensions.ts";
import * as repo from "./tds.repository.ts";

const TDS_TYPES = new Set<VoucherType>(["purchases", "payments", "journalEntry"]);

/**
 * The engine asks before an edit or delete: a deduction a challan paid is part of a deposit and
 * of the quarter's statement, so its voucher stays as it is (decision 300). `tds` in a voucher's
 * details names the challan.
 */
export const tdsVoucherExtension: VoucherExtension = {
  name: "tdsChallan",
  async assertChangeable(db: Kysely<Database>, organisationId, type, entryIds) {
    if (!TDS_TYPES.has(type) || entryIds.length === 0) return;
    const paid = await repo.selectChallanOfVouchers(db, organisationId, entryIds);
    const first = paid[0];
    if (first) {
      throw new AppError(
        409,
        `This entry's TDS is paid by challan ${first.challan_serial} (BSR ${first.bsr_code}, ${first.date}); it cannot be changed or deleted.`,
      );
    }
  },
  async readDetails(db: Kysely<Database>, organisationId, type, entryId) {
    if (!TDS_TYPES.has(type)) return undefined;
    const [paid] = await repo.selectChallanOfVouchers(db, organisationId, [entryId]);
    return paid
      ? {
          challanId: paid.id,
          date: paid.date,
          bsrCode: paid.bsr_code,
          challanSerial: paid.challan_serial,
        }
      : undefined;
  },
};
