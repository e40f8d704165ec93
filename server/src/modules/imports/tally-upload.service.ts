import { badRequest } from "../../http/errors.ts";
import type { Caller } from "../auth/auth.guard.ts";
import type { VoucherDeps } from "../vouchers/vouchers.service.ts";
import type { ProgressTracker } from "./import-progress.ts";
import { importTallyMasters } from "./tally-import.service.ts";
import { readTallyMasters, readTallyVouchers } from "./tally-stream.ts";
import { importTallyVouchers } from "./tally-vouchers.service.ts";

export const TALLY_UPLOAD_MESSAGES = {
  noFile: "Choose the Tally XML export to import.",
  empty: "The file has no masters and no vouchers to import.",
  fileTooLarge: (limitMb: number) =>
    `A Tally export can be at most ${limitMb >= 1024 ? `${limitMb / 1024} GB` : `${limitMb} MB`}.`,
  noRoom:
    "The server has no room for this file just now; try again later or export fewer vouchers.",
} as const;

/** A Tally export received to a temporary file (imports.routes.ts deletes it afterwards). */
export interface TallyUploadFile {
  fileName: string;
  path: string;
}

/**
 * POST /import/tally: a masters export, a day book, or one file with both (a day book exported
 * with its dependent masters). Masters go first, so the vouchers find their ledgers and items:
 * the file is read twice from disk, its masters first and its vouchers a batch at a time after
 * (tally-stream.ts, issue 36).
 */
export async function importTally(
  deps: VoucherDeps,
  caller: Caller,
  organisationId: string,
  file: TallyUploadFile | undefined,
  preview: boolean,
  progress?: ProgressTracker,
) {
  if (!file) throw badRequest(TALLY_UPLOAD_MESSAGES.noFile);
  // The vouchers are read (in a worker of their own) while the masters are.
  const reader = readTallyVouchers(file.path);
  try {
    const { found, vouchers: voucherCount } = await readTallyMasters(file.path);
    const hasMasters = ["GROUP", "LEDGER", "STOCKITEM"].some((tag) => found.has(tag));
    const hasVouchers = voucherCount > 0;
    if (!hasMasters && !hasVouchers) throw badRequest(TALLY_UPLOAD_MESSAGES.empty);
    const masters = hasMasters
      ? await importTallyMasters(deps.db, caller, organisationId, found, preview)
      : { preview };
    if (!hasVouchers) return masters;
    const vouchers = await importTallyVouchers(deps, caller, organisationId, found, preview, {
      onTotal: (total) => progress?.importing(total),
      onProgress: (done) => progress?.advance(done),
      voucherBatches: reader.batches,
      total: voucherCount,
    });
    return { ...masters, vouchers };
  } finally {
    reader.stop();
  }
}
