import type { StatementColumn, StatementMapping } from "@bahi/domain";
import { apiRequest, buildApiUrl } from "../../api/http.ts";

// The import calls of docs/api/imports.md.

export interface StatementPreviewLine {
  rowNumber: number;
  date: string;
  narration: string;
  reference: string;
  amount: number;
  balance: number | null;
}

export interface CheckedStatement {
  fileName: string;
  error?: string;
  layout?: string;
  layoutName?: string;
  headerRow?: number;
  headers?: string[];
  mapping?: StatementMapping;
  lineCount?: number;
  moneyIn?: number;
  moneyOut?: number;
  firstDate?: string | null;
  lastDate?: string | null;
  problemCount?: number;
  problems?: { rowNumber: number; message: string }[];
  balanceBreak?: { rowNumber: number; expected: number; found: number } | null;
  preview?: StatementPreviewLine[];
}

export interface ImportRequest {
  _id: string;
  type: string;
  year: string;
  accountId: string | null;
  fileName: string;
  layout: string;
  state: "uploaded" | "reviewed" | "saved" | "undone";
  lineCount: number;
  duplicateCount: number;
  pendingCount: number;
  acceptedCount: number;
  skippedCount: number;
  savedCount: number;
  balanceBreak: { rowNumber: number; expectedPaise: number; foundPaise: number } | null;
  problems: { rowNumber: number; message: string }[];
  createdAt: string;
}

export interface BankEntry {
  _id: string;
  importRequestId: string;
  accountId: string;
  rowNumber: number;
  date: string;
  narration: string;
  reference: string;
  amount: number;
  deposit: number;
  withdrawal: number;
  balance: number | null;
  duplicate: boolean;
  includeDuplicate: boolean;
  /** Issue 40: the voucher entered by hand that this line already is. */
  alreadyInBooks?: { voucherId: string; voucherType: string; number: string; date: string } | null;
  status: "pending" | "accepted" | "skipped" | "saved";
  voucherType: string;
  counterAccountId: string | null;
  confidence: number;
  reason: string;
  billWiseEntries: { entryId: string; invoiceNumber: string; amount: number }[];
  voucherId: string | null;
}

export interface StatementLayoutChoice {
  headerRow: number;
  mapping: Partial<Record<StatementColumn, number>>;
}

function uploadForm(
  organisationId: string,
  accountId: string,
  year: string,
  files: readonly File[],
  layouts?: readonly (StatementLayoutChoice | null)[],
  progressId?: string,
) {
  const form = new FormData();
  form.set("organisationId", organisationId);
  form.set("accountId", accountId);
  form.set("year", year);
  if (progressId) form.set("progressId", progressId);
  if (layouts?.some(Boolean)) form.set("layouts", JSON.stringify(layouts));
  for (const file of files) form.append("files", file, file.name);
  return form;
}

export function checkStatementFiles(
  organisationId: string,
  accountId: string,
  year: string,
  files: readonly File[],
  layouts?: readonly (StatementLayoutChoice | null)[],
) {
  return apiRequest<{ files: CheckedStatement[] }>("POST", "/import/bank/validateFiles", {
    body: uploadForm(organisationId, accountId, year, files, layouts),
    errorTitle: "Could not read the statement",
  });
}

export function importStatementFiles(
  organisationId: string,
  accountId: string,
  year: string,
  files: readonly File[],
  layouts?: readonly (StatementLayoutChoice | null)[],
  progressId?: string,
) {
  return apiRequest<{ importRequests: ImportRequest[] }>("POST", "/import/bank/importFiles", {
    body: uploadForm(organisationId, accountId, year, files, layouts, progressId),
    errorTitle: "Could not import the statement",
  });
}

export function fetchImportRequests(organisationId: string, year: string) {
  return apiRequest<{ importRequests: ImportRequest[] }>("GET", "/import/requests", {
    query: { organisationId, year, type: "bank" },
  });
}

export function fetchBankEntries(organisationId: string, importRequestId: string) {
  return apiRequest<{ importRequests: ImportRequest[]; bankEntries: BankEntry[] }>(
    "POST",
    "/import/bank/getImportedBankEntries",
    { body: { organisationId, importRequestId } },
  );
}

export interface BankEntryChoiceBody {
  bankEntryId: string;
  status?: "pending" | "accepted" | "skipped";
  accountId?: string | null;
  includeDuplicate?: boolean;
}

export function saveBankEntryChoices(
  organisationId: string,
  importRequestId: string,
  entries: BankEntryChoiceBody[],
) {
  return apiRequest<{ importRequests: ImportRequest[]; bankEntries: BankEntry[] }>(
    "PATCH",
    "/import/bank/saveImportedBankEntries",
    { body: { organisationId, importRequestId, entries }, errorTitle: "Could not save the choice" },
  );
}

export function saveBankTransactions(
  organisationId: string,
  importRequestId: string,
  acknowledgeBalanceBreak = false,
) {
  return apiRequest<{ saved: number; skippedDuplicates: number }>(
    "POST",
    "/import/bank/saveTransaction",
    {
      body: {
        organisationId,
        importRequestId,
        ...(acknowledgeBalanceBreak ? { acknowledgeBalanceBreak: true } : {}),
      },
      errorTitle: "Could not save the entries",
    },
  );
}

export function undoBankImport(
  organisationId: string,
  importRequestId: string,
  bankEntryId?: string,
) {
  return apiRequest<{ deleted: number }>("DELETE", "/import/bank/deleteImportedBankEntries", {
    query: { organisationId, importRequestId, ...(bankEntryId ? { bankEntryId } : {}) },
    errorTitle: "Could not undo the import",
  });
}

export function deleteStatementFile(organisationId: string, importRequestId: string) {
  return apiRequest<{ success: boolean }>("DELETE", "/import/bank/deleteFile", {
    query: { organisationId, importRequestId },
    errorTitle: "Could not delete the file",
  });
}

export type SheetImportType = "accounts" | "items" | "vouchers";

export interface SheetProblem {
  row: number;
  column: string;
  message: string;
}

export interface SheetReport {
  type: SheetImportType;
  rowCount: number;
  validCount: number;
  alreadyPresent: { row: number; name: string }[];
  problems: SheetProblem[];
  unknownColumns: string[];
}

export interface SheetImportResult {
  type: SheetImportType;
  rowCount: number;
  imported: number;
  skippedExisting: number;
  problems: SheetProblem[];
}

function sheetForm(
  organisationId: string,
  type: SheetImportType,
  file: File,
  mode?: string,
  progressId?: string,
) {
  const form = new FormData();
  form.set("organisationId", organisationId);
  form.set("type", type);
  if (mode) form.set("mode", mode);
  if (progressId) form.set("progressId", progressId);
  form.append("file", file, file.name);
  return form;
}

export function validateSheet(organisationId: string, type: SheetImportType, file: File) {
  return apiRequest<SheetReport>("POST", "/import/other/validateData", {
    body: sheetForm(organisationId, type, file),
    errorTitle: "Could not read the file",
  });
}

export function importSheet(
  organisationId: string,
  type: SheetImportType,
  file: File,
  mode: "valid" | "all",
  progressId?: string,
) {
  return apiRequest<SheetImportResult>("POST", "/import/other/importData", {
    body: sheetForm(organisationId, type, file, mode, progressId),
    errorTitle: "Could not import the file",
  });
}

export function sheetTemplateUrl(type: SheetImportType): string {
  return buildApiUrl("/import/other/template", { type });
}

export interface TallyRefusal {
  voucher?: string;
  name?: string;
  reason: string;
}

export interface TallyVouchersAnswer {
  preview: boolean;
  vouchers: number;
  toCreate: Record<string, number>;
  alreadyImported: number;
  notImported: TallyRefusal[];
  asJournals: TallyRefusal[];
  imported?: number;
  failed?: TallyRefusal[];
  trialBalance?: {
    compared: number;
    agrees: boolean;
    differences: { ledgers: string[]; accounts: string[]; file: number; bahi: number }[];
    message: string;
  };
}

/** POST /import/tally: the masters' fields when the file has masters, `vouchers` when a day book. */
export interface TallyAnswer {
  preview: boolean;
  ledgers?: number;
  stockItems?: number;
  accountsToCreate?: { name: string; nature: string; openingBalance: number }[];
  itemsToCreate?: string[];
  cannotImport?: TallyRefusal[];
  failed?: TallyRefusal[];
  openingsCheck?: { agrees: boolean; message: string };
  vouchers?: TallyVouchersAnswer;
}

export function importTallyFile(
  organisationId: string,
  file: File,
  preview: boolean,
  progressId?: string,
) {
  const form = new FormData();
  form.set("organisationId", organisationId);
  if (preview) form.set("preview", "true");
  if (progressId) form.set("progressId", progressId);
  form.append("file", file, file.name);
  return apiRequest<TallyAnswer>("POST", "/import/tally", {
    body: form,
    errorTitle: "Could not read the Tally export",
  });
}

/** GET /import/progress (decision 075): how far the caller's import of that id has got. */
export interface ImportProgress {
  state: "waiting" | "reading" | "importing" | "done" | "failed";
  unit: "vouchers" | "accounts" | "items" | "lines" | null;
  done: number;
  total: number | null;
}

export function readImportProgress(organisationId: string, progressId: string) {
  return apiRequest<ImportProgress>("GET", "/import/progress", {
    query: { organisationId, progressId },
  });
}
