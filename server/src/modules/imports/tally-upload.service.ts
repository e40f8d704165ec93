import { badRequest } from "../../http/errors.ts";
import type { Caller } from "../auth/auth.guard.ts";
import type { VoucherDeps } from "../vouchers/vouchers.service.ts";
import type { ProgressTracker } from "./import-progress.ts";
import { importTallyMasters } from "./tally-import.service.ts";
import { readTallyMasters, readTallyVouchers, type TallyFile } from "./tally-stream.ts";
import { importTallyVouchers } from "./tally-vouchers.service.ts";

export const TALLY_UPLOAD_MESSAGES = {
  noFile: "Choose the Tally XML export to import.",
  empty: "The file has no masters and no vouchers to import.",
  fileTooLarge: (limitMb: number) =>
    `A Tally export can be at most ${limitMb >= 1024 ? `${limitMb / 1024} GB` : `${limitMb} MB`}.`,
  noRoom:
    "The server has no room for this file just now; try again later or export fewer vouchers.",
} as const;

/**
 * The two readers of a Tally export (tally-stream.ts), started as its upload begins so that they
 * read it as it arrives: by the time it is complete, its masters are known and the first
 * vouchers parsed (decision 430).
 */
export interface TallyReading {
  masters: ReturnType<typeof readTallyMasters>["masters"];
  vouchers: ReturnType<typeof readTallyVouchers>;
  stop: () => void;
}

export function startTallyReading(file: TallyFile): TallyReading {
  const vouchers = readTallyVouchers(file);
  const masters = readTallyMasters(file);
  return {
    masters: masters.masters,
    vouchers,
    stop: () => {
      masters.stop();
      vouchers.stop();
    },
  };
}

/**
 * A Tally export received to a temporary file (imports.routes.ts deletes it afterwards), with
 * its readers, which the route started as the file began to arrive.
 */
export interface TallyUploadFile {
  fileName: string;
  path: string;
  bytes: number;
  reading: TallyReading;
}

/**
 * POST /import/tally: a masters export, a day book, or one file with both (a day book exported
 * with its dependent masters). Masters go first, so the vouchers find their ledgers and items:
 * the file is read twice from disk, its masters first and its vouchers a batch at a time after
 * (tally-stream.ts, issue 36), both from as soon as the upload begins.
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
  const reading = file.reading;
  try {
    const { found, vouchers: voucherCount } = await reading.masters;
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
      voucherBatches: reading.vouchers.batches,
      total: voucherCount,
    });
    return { ...masters, vouchers };
  } finally {
    reading.stop();
  }
}
