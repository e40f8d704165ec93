import { createHash } from "node:crypto";
import {
  amountForQuantity,
  applyPercent,
  type BankStatementLineRole,
  ENTRY_INPUT_SCHEMAS,
  financialYearOf,
  getVoucherDefinition,
  hasItemLines,
  paiseToRupees,
  quantityToMilli,
  readVoucherSheet,
  type SheetImportFields,
  type SheetProblem,
  type VoucherSheetGroup,
  voucherSheetTypes,
} from "@bahi/domain";
import { AppError, badRequest } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { listAccounts } from "../accounts/accounts.queries.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { listItems } from "../items/items.service.ts";
import { MAX_DATA_SHEET_ROWS, readSheetRows } from "../sheets/sheet-files.ts";
import type { NewEntry, VoucherDeps } from "../vouchers/vouchers.service.ts";
import * as repo from "./bank-import.repository.ts";
import type { UploadedFile } from "./bank-import.service.ts";
import type { ProgressTracker } from "./import-progress.ts";
import { SHEET_FILE_MESSAGES } from "./sheet-import.service.ts";
import { saveImportedVouchers } from "./voucher-batches.ts";
import { asBahiSheet } from "./zoho-sheets.ts";

// A spreadsheet of vouchers (issue 23): sales, purchases and notes with item or account lines,
// receipts, payments, fund transfers and journals. Rows grouped into vouchers, names resolved,
// each payload checked by its type's own add schema, then saved through the engine's batch path
// (voucher-batches.ts) with the vouchers' fingerprints, so the same file twice makes nothing new;
// all or nothing is one transaction (decision 073).

type Resolved = { id: string; nature: string };

const amountOf = (paise: number) => paiseToRupees(paise);

/**
 * An item line's amount as the voucher computes it: quantity × rate rounded half up once
 * (money's amountForQuantity), less the discount percent of that, half up (applyPercent). A
 * quantity with more than 3 decimals has no amount here: the entry schema refuses the quantity.
 */
function itemLineAmount(line: { quantity: number; ratePaise: number; discount: number }): number {
  let quantityMilli: number;
  try {
    quantityMilli = quantityToMilli(line.quantity);
  } catch (error) {
    if (error instanceof RangeError) return 0;
    throw error;
  }
  const gross = amountForQuantity(quantityMilli, line.ratePaise);
  return gross - applyPercent(gross, line.discount);
}

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
        group.party.toLowerCase(),
        group.narration,
        // Issue 40: only when given, so files imported before keep their fingerprints.
        ...(group.gstin ? [group.gstin] : []),
        group.lines.map((line) => [
          line.item.toLowerCase(),
          line.quantity,
          line.ratePaise,
          line.discount,
          line.gstRate,
          line.account.toLowerCase(),
          line.amountPaise,
          line.debitPaise,
          line.creditPaise,
        ]),
      ]),
    )
    .digest("hex");
}

/** The sheet row an issue's path points at (itemDetails.1.rate → the second item row). */
function rowOfIssue(group: VoucherSheetGroup, path: readonly PropertyKey[]): number {
  const [list, index] = path;
  const lines =
    list === "itemDetails"
      ? group.lines.filter((line) => line.item)
      : list === "accountDetails"
        ? group.lines.filter((line) => !line.item)
        : list === "entries"
          ? group.lines
          : [];
  return typeof index === "number" ? (lines[index]?.row ?? group.row) : group.row;
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
    fields.organisationId,
    file.fileName,
    file.bytes,
    SHEET_FILE_MESSAGES,
    MAX_DATA_SHEET_ROWS,
  );
  const reading = readVoucherSheet(asBahiSheet("vouchers", rows));
  const { accounts } = await listAccounts(deps.db, caller, {
    organisationId: fields.organisationId,
  });
  const byName = new Map<string, Resolved>(
    accounts.map((account) => [
      account.name.trim().toLowerCase(),
      { id: account._id, nature: account.nature },
    ]),
  );
  const itemsByName = reading.groups.some((group) => hasItemLines(group.type))
    ? new Map(
        (await listItems(deps.db, caller, { organisationId: fields.organisationId })).items.map(
          (item) => [item.name.trim().toLowerCase(), item] as const,
        ),
      )
    : new Map<string, { _id: string; gstRate: number }>();
  const problems: SheetProblem[] = [...reading.problems];
  const ready: { group: VoucherSheetGroup; entry: NewEntry; fingerprint: string }[] = [];
  for (const group of reading.groups) {
    const before = problems.length;
    const document = hasItemLines(group.type);
    const lines = group.lines.map((line) => {
      if (line.item) {
        const item = itemsByName.get(line.item.toLowerCase());
        if (!item)
          problems.push({
            row: line.row,
            column: "item",
            message: `No item named "${line.item}".`,
          });
        return { ...line, accountId: "", itemId: item?._id ?? "", itemRate: item?.gstRate };
      }
      const account = byName.get(line.account.toLowerCase());
      if (!account) {
        problems.push({
          row: line.row,
          column: "account",
          message: `No account named "${line.account}".`,
        });
      }
      return { ...line, accountId: account?.id ?? "", itemId: "", itemRate: undefined };
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
    const party = document ? byName.get(group.party.toLowerCase()) : undefined;
    if (document && !party) {
      problems.push({
        row: group.row,
        column: "party",
        message: `No account named "${group.party}".`,
      });
    }
    if (problems.length > before) continue;
    // A line's GST rate: the row's, else the item's own (an item without one: 0).
    const rateOf = (line: (typeof lines)[number]) =>
      line.gstRate ?? (line.itemRate !== undefined && line.itemRate >= 0 ? line.itemRate : 0);
    const payload = {
      organisationId: fields.organisationId,
      year: financialYearOf(group.date),
      date: group.date,
      ...(group.narration ? { narration: group.narration } : {}),
      ...(document
        ? {
            ...(group.voucherNumber ? { invoiceNumber: group.voucherNumber } : {}),
            cashOrDebtorAccountId: party?.id ?? "",
            ...(group.gstin ? { gstin: group.gstin } : {}),
            itemDetails: lines
              .filter((line) => line.itemId)
              .map((line) => ({
                itemId: line.itemId,
                quantity: line.quantity,
                rate: amountOf(line.ratePaise),
                discountType: "percent",
                discount: line.discount,
                gstRate: rateOf(line),
                amount: amountOf(itemLineAmount(line)),
              })),
            accountDetails: lines
              .filter((line) => !line.itemId)
              .map((line) => ({
                accountId: line.accountId,
                amount: amountOf(line.amountPaise),
                gstRate: rateOf(line),
              })),
          }
        : role
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
          row: rowOfIssue(group, issue.path),
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
  progress?: ProgressTracker,
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
  const failed: SheetProblem[] = [];
  let imported: number;
  progress?.importing(fresh.length);
  try {
    imported = await saveImportedVouchers(
      deps,
      caller,
      fields.organisationId,
      fresh.map((item) => ({ ...item, entry: () => item.entry })),
      {
        allOrNothing: fields.mode === "all",
        onFailed: (item, message) => failed.push({ row: item.group.row, column: "entry", message }),
        // Saved or refused: the vouchers of the batches gone through, of those to write.
        onProgress: (_saved, processed) => progress?.advance(processed),
      },
    );
  } catch (error) {
    // All or nothing: the one transaction was rolled back, so nothing of the file is written.
    if (fields.mode === "all" && error instanceof AppError)
      throw badRequest(SHEET_FILE_MESSAGES.nothingWritten(error.message), error.errors);
    throw error;
  }
  return {
    type: fields.type,
    rowCount: reading.rowCount,
    imported,
    skippedExisting: present.length,
    problems: [...problems, ...failed].sort((a, b) => a.row - b.row),
  };
}
