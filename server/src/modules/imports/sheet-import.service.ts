import {
  type AccountInput,
  type MasterSheetType,
  neutraliseFormulaText,
  readSheetImport,
  SHEET_COLUMNS,
  type SheetImportFields,
  type SheetImportType,
  type SheetProblem,
  VOUCHER_SHEET_COLUMNS,
  validateAccountForOrganisation,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { listAccounts } from "../accounts/accounts.queries.ts";
import { addAccount } from "../accounts/accounts.service.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { addItem, type ItemPayload, listItems } from "../items/items.service.ts";
import { MAX_DATA_SHEET_ROWS, readSheetRows } from "../sheets/sheet-files.ts";
import type { UploadedFile } from "./bank-import.service.ts";
import { letOthersIn, type ProgressTracker } from "./import-progress.ts";
import { asBahiSheet } from "./zoho-sheets.ts";

// Spreadsheets of accounts and items (issue 23): validated row by row, then each valid row added
// through the masters' own add service (its rules, history and audit). A name that already
// exists is skipped, so importing the same file twice creates nothing new.

export const SHEET_FILE_MESSAGES = {
  unreadable: (name: string) => `${name} could not be read as a spreadsheet.`,
  zipBomb: (name: string) =>
    `${name} unpacks to far more than a spreadsheet can hold; it was refused.`,
  tooManyRows: "A spreadsheet can have at most 250,000 rows.",
  fileTooLarge: "A spreadsheet or Tally export can be at most 50 MB.",
  noFile: "Choose the file to import (CSV or XLSX).",
  nothingWritten: (reason: string) =>
    `Nothing was imported: ${reason} Correct it, or import only the valid rows.`,
  notAll: (count: number) =>
    `Nothing was imported: ${count === 1 ? "1 problem" : `${count} problems`} in the file. Correct them, or import only the valid rows.`,
} as const;

type MasterSheetFields = SheetImportFields & { type: MasterSheetType };

const SUBJECT: Record<MasterSheetType, "account" | "item"> = { accounts: "account", items: "item" };

async function existingNames(db: Kysely<Database>, caller: Caller, organisationId: string) {
  // Accounts and items share one name space (masters' claimMasterName).
  const [{ accounts }, { items }] = await Promise.all([
    listAccounts(db, caller, { organisationId }),
    listItems(db, caller, { organisationId }),
  ]);
  return new Set([...accounts, ...items].map((master) => master.name.trim().toLowerCase()));
}

async function readReport(
  db: Kysely<Database>,
  caller: Caller,
  fields: MasterSheetFields,
  file: UploadedFile | undefined,
) {
  if (!file) throw badRequest(SHEET_FILE_MESSAGES.noFile);
  const access = await requireOrganisationAccess(db, caller, fields.organisationId, {
    kind: "right",
    subject: SUBJECT[fields.type],
    action: "add",
  });
  const rows = await readSheetRows(
    fields.organisationId,
    file.fileName,
    file.bytes,
    SHEET_FILE_MESSAGES,
    MAX_DATA_SHEET_ROWS,
  );
  const reading = readSheetImport(
    fields.type,
    fields.organisationId,
    asBahiSheet(fields.type, rows),
  );
  const problems: SheetProblem[] = [...reading.problems];
  const valid = [];
  const context = {
    gstRegistered: access.organisation.gst_registered === 1,
    gstRegType: access.organisation.gst_reg_type ?? "",
  };
  for (const row of reading.valid) {
    if (fields.type === "accounts") {
      const issues = validateAccountForOrganisation(row.payload as AccountInput, context);
      if (issues.length > 0) {
        for (const issue of issues)
          problems.push({ row: row.row, column: issue.path, message: issue.message });
        continue;
      }
    }
    valid.push(row);
  }
  const names = await existingNames(db, caller, fields.organisationId);
  const present = valid.filter((row) => names.has(row.nameKey));
  const fresh = valid.filter((row) => !names.has(row.nameKey));
  problems.sort((a, b) => a.row - b.row);
  return { reading, problems, present, fresh };
}

/** POST /import/other/validateData: the row-by-row report; nothing is written. */
export async function validateSheet(
  db: Kysely<Database>,
  caller: Caller,
  fields: MasterSheetFields,
  file: UploadedFile | undefined,
) {
  const { reading, problems, present, fresh } = await readReport(db, caller, fields, file);
  return {
    type: fields.type,
    rowCount: reading.rowCount,
    validCount: fresh.length,
    alreadyPresent: present.map((row) => ({ row: row.row, name: String(row.payload.name) })),
    problems,
    unknownColumns: reading.unknownColumns,
  };
}

/**
 * POST /import/other/importData: the valid rows added (mode "valid"), or nothing at all when any
 * row has a problem (mode "all"). Rows whose name exists already are skipped.
 */
export async function importSheet(
  db: Kysely<Database>,
  caller: Caller,
  fields: MasterSheetFields,
  file: UploadedFile | undefined,
  progress?: ProgressTracker,
) {
  const { reading, problems, present, fresh } = await readReport(db, caller, fields, file);
  if (fields.mode === "all" && problems.length > 0) {
    throw badRequest(
      SHEET_FILE_MESSAGES.notAll(problems.length),
      problems.slice(0, 200).map((problem) => ({
        path: `row ${problem.row}, ${problem.column}`,
        message: problem.message,
      })),
    );
  }
  let imported = 0;
  const failed: SheetProblem[] = [];
  progress?.importing(fresh.length);
  const add = (on: Kysely<Database>, row: (typeof fresh)[number]) =>
    fields.type === "accounts"
      ? addAccount(on, caller, row.payload as AccountInput)
      : addItem(on, caller, row.payload as ItemPayload);
  if (fields.mode === "all") {
    // One transaction (decision 073): a row refused at write time undoes every row before it.
    try {
      await db.transaction().execute(async (trx) => {
        for (const row of fresh) {
          await add(trx, row);
          imported += 1;
          progress?.advance(imported);
          if (progress && imported % 100 === 0) await letOthersIn();
        }
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw badRequest(SHEET_FILE_MESSAGES.nothingWritten(error.message), error.errors);
    }
  } else {
    for (const row of fresh) {
      try {
        await add(db, row);
        imported += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failed.push({
          row: row.row,
          column: error.errors?.[0]?.path ?? "name",
          message: error.message,
        });
      }
      progress?.advance(imported + failed.length);
      if (progress && (imported + failed.length) % 100 === 0) await letOthersIn();
    }
  }
  return {
    type: fields.type,
    rowCount: reading.rowCount,
    imported,
    skippedExisting: present.length,
    problems: [...problems, ...failed].sort((a, b) => a.row - b.row),
  };
}

/** GET /import/other/template: the kind's sheet (headings, a sample row) and its allowed values. */
export async function buildSheetTemplate(type: SheetImportType): Promise<Buffer> {
  // Loaded on use: exceljs is a third of the server's start (decision 023).
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  const columns = type === "vouchers" ? VOUCHER_SHEET_COLUMNS : SHEET_COLUMNS[type];
  const sheet = workbook.addWorksheet(type);
  sheet.addRow(columns.map((column) => column.field));
  sheet.addRow(columns.map((column) => neutraliseFormulaText(column.sample)));
  sheet.getRow(1).font = { bold: true };
  columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = Math.max(14, column.field.length + 2);
  });
  const allowed = workbook.addWorksheet("Allowed values");
  allowed.addRow(["column", "required", "also accepted as heading", "allowed values"]);
  for (const column of columns) {
    allowed.addRow([
      column.field,
      column.required ? "yes" : "",
      column.labels.join(", "),
      (column.allowed ?? []).join(", "),
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
