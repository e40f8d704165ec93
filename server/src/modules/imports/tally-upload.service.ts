import { badRequest } from "../../http/errors.ts";
import type { Caller } from "../auth/auth.guard.ts";
import type { VoucherDeps } from "../vouchers/vouchers.service.ts";
import type { UploadedFile } from "./bank-import.service.ts";
import type { ProgressTracker } from "./import-progress.ts";
import { importTallyMasters, readTallyFile } from "./tally-import.service.ts";
import { importTallyVouchers } from "./tally-vouchers.service.ts";

export const TALLY_UPLOAD_MESSAGES = {
  noFile: "Choose the Tally XML export to import.",
  empty: "The file has no masters and no vouchers to import.",
  fileTooLarge: "A Tally export can be at most 256 MB.",
} as const;

/**
 * POST /import/tally: a masters export, a day book, or one file with both (a day book exported
 * with its dependent masters). Masters go first, so the vouchers find their ledgers and items.
 */
export async function importTally(
  deps: VoucherDeps,
  caller: Caller,
  organisationId: string,
  file: UploadedFile | undefined,
  preview: boolean,
  progress?: ProgressTracker,
) {
  if (!file) throw badRequest(TALLY_UPLOAD_MESSAGES.noFile);
  const found = readTallyFile(file.bytes);
  const hasMasters = ["GROUP", "LEDGER", "STOCKITEM"].some((tag) => found.has(tag));
  const hasVouchers = found.has("VOUCHER");
  if (!hasMasters && !hasVouchers) throw badRequest(TALLY_UPLOAD_MESSAGES.empty);
  const masters = hasMasters
    ? await importTallyMasters(deps.db, caller, organisationId, found, preview)
    : { preview };
  if (!hasVouchers) return masters;
  const vouchers = await importTallyVouchers(deps, caller, organisationId, found, preview, {
    onTotal: (total) => progress?.importing(total),
    onProgress: (done) => progress?.advance(done),
  });
  return { ...masters, vouchers };
}
