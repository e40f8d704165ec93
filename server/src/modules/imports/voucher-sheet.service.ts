import { createHash } from "node:crypto";
import {
  type BankStatementLineRole,
  ENTRY_INPUT_SCHEMAS,
  financialYearOf,
  getVoucherDefinition,
  paiseToRupees,
  readVoucherSheet,
  type SheetImportFields,
  type SheetProblem,
  type VoucherSheetGroup,
  voucherSheetTypes,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { listAccounts } from "../accounts/accounts.queries.ts";
import type { Caller } from "../auth/auth.guard.ts";
import {
  type NewEntry,
  prepareNewVouchers,
  type VoucherDeps,
  writeNewVouchers,
} from "../vouchers/vouchers.service.ts";
import * as repo from "./bank-import.repository.ts";
import type { UploadedFile } from "./bank-import.service.ts";
import { MAX_DATA_SHEET_ROWS, readSheetRows } from "./sheet-files.ts";
import { SHEET_FILE_MESSAGES } from "./sheet-import.service.ts";

// A spreadsheet of receipts, payments, fund transfers and journals (issue 23): rows grouped into
// vouchers, account names resolved, each payload checked by its type's own add schema, then saved
// through the engine's batch path (prepareNewVouchers / writeNewVouchers), each batch one transaction that also records the vouchers'
// fingerprints, so the same file imported twice makes nothing new.

const BATCH = 500;

type Resolved = { id: string; nature: string };

const amountOf = (paise: number) => paiseToRupees(paise);

/** A group's payload, by what its type is (the registry's bank-line role; journals have none). */
const PAYLOADS: Record<
  BankStatementLineRole,
  (lines: { accountId: string; paise: number }[], cashBank: string) => object
> = {
  moneyIn: (lines, cashBank) => ({
    receivedAccountId: cashBank,
    receivedAmount: amountOf(lines.reduce((sum, line) => sum + line.paise, 0)),
    entries: lines.map((line) => ({ accountId: line.accountId, amount: amountOf(line.paise) })),
  }),
  moneyOut: (lines, cashBank) => ({
    paidAccountId: cashBank,
    paidAmount: amountOf(lines.reduce((sum, line) => sum + line.paise, 0)),
    entries: lines.map((line) => ({ accountId: line.accountId, amount: amountOf(line.paise) })),
  }),
  transfer: (lines, cashBank) => {
    const paise = lines.reduce((sum, line) => sum + line.paise, 0);
    return {
      paidAccountId: lines[0]?.accountId,
      paidAmount: amountOf(paise),
      receivedAccountId: cashBank,
      receivedAmount: amountOf(paise),
    };
  },
};

function fingerprintOf(group: VoucherSheetGroup): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        group.type,
        group.date,
        group.voucherNumber,
        group.cashBankAccount.toLowerCase(),
        group.narration,
        group.lines.map((line) => [
          line.account.toLowerCase(),
          line.amountPaise,
          line.debitPaise,
          line.creditPaise,
        ]),
      ]),
    )
    .digest("hex");
}

async function readVoucherReport(
  deps: VoucherDeps,
  caller: Caller,
  fields: SheetImportFields,
  file: UploadedFile | undefined,
) {
  if (!file) throw badRequest(SHEET_FILE_MESSAGES.noFile);
  await requireOrganisationAccess(deps.db, caller, fields.organisationId, {
    kind: "rights",
    subjects: voucherSheetTypes(),
    action: "add",
  });
  const rows = await readSheetRows(
    file.fileName,
    file.bytes,
    SHEET_FILE_MESSAGES,
    MAX_DATA_SHEET_ROWS,
  );
  const reading = readVoucherSheet(rows);
  const { accounts } = await listAccounts(deps.db, caller, {
    organisationId: fields.organisationId,
  });
  const byName = new Map<string, Resolved>(
    accounts.map((account) => [
      account.name.trim().toLowerCase(),
      { id: account._id, nature: account.nature },
    ]),
  );
  const problems: SheetProblem[] = [...reading.problems];
  const ready: { group: VoucherSheetGroup; entry: NewEntry; fingerprint: string }[] = [];
  for (const group of reading.groups) {
    const before = problems.length;
    const lines = group.lines.map((line) => {
      const account = byName.get(line.account.toLowerCase());
      if (!account) {
        problems.push({
          row: line.row,
          column: "account",
          message: `No account named "${line.account}".`,
        });
      }
      return { ...line, accountId: account?.id ?? "" };
    });
    const role = getVoucherDefinition(group.type).bankStatementLine;
    const cashBank = group.cashBankAccount
      ? byName.get(group.cashBankAccount.toLowerCase())
      : undefined;
    if (role && !cashBank) {
      problems.push({
        row: group.row,
        column: "cashBankAccount",
        message: group.cashBankAccount
          ? `No account named "${group.cashBankAccount}".`
          : "cashBankAccount is required: the cash or bank account of the entry.",
      });
    }
    if (problems.length > before) continue;
    const payload = {
      organisationId: fields.organisationId,
      year: financialYearOf(group.date),
      date: group.date,
      ...(group.narration ? { narration: group.narration } : {}),
      ...(role
        ? PAYLOADS[role](
            lines.map((line) => ({ accountId: line.accountId, paise: line.amountPaise })),
            cashBank?.id ?? "",
          )
        : {
            entries: lines.map((line) => ({
              accountId: line.accountId,
              debitAmount: amountOf(line.debitPaise),
              creditAmount: amountOf(line.creditPaise),
            })),
          }),
    };
    const parsed = ENTRY_INPUT_SCHEMAS[group.type].add.safeParse(payload);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({
          row: group.row,
          column: issue.path.join(".") || "entry",
          message: issue.message,
        });
      }
      continue;
    }
    ready.push({
      group,
      entry: { type: group.type, payload: payload as NewEntry["payload"] },
      fingerprint: fingerprintOf(group),
    });
  }
  const known = await repo.findImportedFingerprints(
    deps.db,
    fields.organisationId,
    ready.map((item) => item.fingerprint),
  );
  problems.sort((a, b) => a.row - b.row);
  return {
    reading,
    problems,
    present: ready.filter((item) => known.has(item.fingerprint)),
    fresh: ready.filter((item) => !known.has(item.fingerprint)),
  };
}

export async function validateVoucherSheet(
  deps: VoucherDeps,
  caller: Caller,
  fields: SheetImportFields,
  file: UploadedFile | undefined,
) {
  const { reading, problems, present, fresh } = await readVoucherReport(deps, caller, fields, file);
  return {
    type: fields.type,
    rowCount: reading.rowCount,
    voucherCount: reading.groups.length,
    validCount: fresh.length,
    alreadyPresent: present.map((item) => ({ row: item.group.row, name: item.group.entry })),
    problems,
    unknownColumns: [],
  };
}

export async function importVoucherSheet(
  deps: VoucherDeps,
  caller: Caller,
  fields: SheetImportFields,
  file: UploadedFile | undefined,
) {
  const { reading, problems, present, fresh } = await readVoucherReport(deps, caller, fields, file);
  if (fields.mode === "all" && problems.length > 0) {
    throw badRequest(
      SHEET_FILE_MESSAGES.notAll(problems.length),
      problems.slice(0, 200).map((problem) => ({
        path: `row ${problem.row}, ${problem.column}`,
        message: problem.message,
      })),
    );
  }
  // The next batch is prepared (rights, locks, masters, computing) while the last one is
  // written, as the demo loader does (load-books.ts).
  const batches: (typeof fresh)[] = [];
  for (let from = 0; from < fresh.length; from += BATCH)
    batches.push(fresh.slice(from, from + BATCH));
  const prepare = (batch: typeof fresh) =>
    prepareNewVouchers(
      deps,
      caller,
      fields.organisationId,
      batch.map((item) => item.entry),
    );
  let imported = 0;
  let next = batches[0] ? prepare(batches[0]) : null;
  for (const [index, batch] of batches.entries()) {
    const ready = await (next as ReturnType<typeof prepare>);
    const following = batches[index + 1];
    next = following ? prepare(following) : null;
    // A failed preparation of the next batch is reported when its turn comes, not as unhandled.
    next?.catch(() => undefined);
    const saved = await writeNewVouchers(deps, ready, {
      inTransaction: async (trx: Kysely<Database>, vouchers) => {
        const now = nowIso();
        await repo.insertImportedVouchers(
          trx,
          vouchers.map((voucher, position) => ({
            organisation_id: fields.organisationId,
            fingerprint: (batch[position] as (typeof batch)[number]).fingerprint,
            voucher_id: voucher.entryId,
            voucher_type: (batch[position] as (typeof batch)[number]).entry.type,
            created_at: now,
          })),
        );
      },
    });
    imported += saved.length;
  }
  return {
    type: fields.type,
    rowCount: reading.rowCount,
    imported,
    skippedExisting: present.length,
    problems,
  };
}
