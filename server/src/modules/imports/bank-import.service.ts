import {
  type AccountSuggestion,
  BANK_IMPORT_MESSAGES,
  type BankEntryChoice,
  type BankStatementLineRole,
  type BankUploadFields,
  type BillableType,
  type BookEntry,
  bankStatementVoucherTypes,
  booksMatchWindow,
  createAccountSuggester,
  financialYearOf,
  formatRupees,
  type GetImportedBankEntriesInput,
  getVoucherDefinition,
  isOwnMoneyNature,
  learnFromLine,
  matchLinesToBooks,
  NARRATION_MAX,
  narrationWords,
  type OpenBill,
  paiseToRupees,
  type RightAction,
  roleOfBankLine,
  rupeesToPaise,
  type SaveBankTransactionInput,
  type SaveImportedBankEntriesInput,
  type StatementLayoutInput,
  type StatementLine,
  type StatementMapping,
  suggestBillSettlement,
  type VoucherType,
  voucherTypeForBankLine,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { workerModuleUrl } from "../../lib/worker-url.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { listAccounts } from "../accounts/accounts.queries.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { readAccountMovements, readOpenBills } from "../ledger/book.service.ts";
import {
  describeUpload,
  MAX_SHEET_ROWS,
  runSheetJob,
  sheetReadFailure,
} from "../sheets/sheet-files.ts";
import {
  createVouchers,
  deleteVouchersOfTypes,
  type NewEntry,
  type VoucherDeps,
} from "../vouchers/vouchers.service.ts";
import * as repo from "./bank-import.repository.ts";
import type { describeReading, ReadStatement, RememberedLayout } from "./bank-statement-reading.ts";
import type { StatementRequest } from "./bank-statement-worker.ts";
import { letOthersIn, type ProgressTracker } from "./import-progress.ts";
import type { BankImportEntriesTable, ImportRequestsTable } from "./imports.tables.ts";

// Bank statements into vouchers (issue 23; DESIGN.md §10): upload → lines staged with duplicates
// and suggestions → the reviewer's choices → receipts, payments and fund transfers saved through
// the voucher engine's batch path → undo by import.

export type ImportDeps = VoucherDeps;

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

const BANK_NATURES = new Set(["Bank", "Bank OD/CC"]);

/** The rights a bank import needs: the same action on every type a statement line becomes. */
function requireBankImportAccess(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  action: RightAction,
) {
  return requireOrganisationAccess(db, caller, organisationId, {
    kind: "rights",
    subjects: bankStatementVoucherTypes(),
    action,
  });
}

interface KnownAccount {
  id: string;
  name: string;
  nature: string;
}

async function readAccounts(db: Kysely<Database>, caller: Caller, organisationId: string) {
  const { accounts } = await listAccounts(db, caller, { organisationId });
  return new Map<string, KnownAccount>(
    accounts.map((account) => [
      account._id,
      { id: account._id, name: account.name, nature: account.nature },
    ]),
  );
}

function requireStatementAccount(accounts: Map<string, KnownAccount>, accountId: string) {
  const account = accounts.get(accountId);
  if (!account || !BANK_NATURES.has(account.nature)) {
    throw badRequest(BANK_IMPORT_MESSAGES.notBankAccount, [
      { path: "accountId", message: BANK_IMPORT_MESSAGES.notBankAccount },
    ]);
  }
  return account;
}

const toRupees = (paise: number) => paiseToRupees(paise);

type StatementAnswer =
  | { tooManyRows: true }
  | { statement: ReadStatement | { fileName: string; error: string } }
  | { description: ReturnType<typeof describeReading> };

/**
 * One statement file read on the heavy-work pool (bank-statement-worker.ts): decoded, parsed and
 * its lines read there, in the line fair between organisations; failures as the 400s readSheetRows
 * gives.
 */
async function readStatementOnPool<A extends "describe" | "lines">(
  organisationId: string,
  file: UploadedFile,
  chosen: StatementLayoutInput | null | undefined,
  remembered: RememberedLayout | undefined,
  answer: A,
): Promise<
  A extends "describe"
    ?
        | { description: ReturnType<typeof describeReading> }
        | { statement: { fileName: string; error: string } }
    : { statement: ReadStatement | { fileName: string; error: string } }
> {
  const upload = describeUpload(file.fileName, file.bytes, BANK_IMPORT_MESSAGES, MAX_SHEET_ROWS);
  let read: StatementAnswer;
  try {
    read = await runSheetJob<StatementAnswer>(
      organisationId,
      workerModuleUrl("bank-statement-worker", import.meta.url),
      "readBankStatement",
      {
        fileName: file.fileName,
        upload,
        maxRows: MAX_SHEET_ROWS,
        chosen,
        remembered,
        answer,
      } satisfies StatementRequest,
    );
  } catch (error) {
    throw sheetReadFailure(error, file.fileName, BANK_IMPORT_MESSAGES);
  }
  if ("tooManyRows" in read) throw badRequest(BANK_IMPORT_MESSAGES.tooManyRows);
  return read as never;
}

/** One file's layout and lines, read on the heavy-work pool with the file (decision 394). */
async function readStatement(
  organisationId: string,
  file: UploadedFile,
  chosen: StatementLayoutInput | null | undefined,
  remembered: RememberedLayout | undefined,
): Promise<ReadStatement | { fileName: string; error: string }> {
  const answer = await readStatementOnPool(organisationId, file, chosen, remembered, "lines");
  return answer.statement;
}

/** The caller may import into the account; its remembered layout. */
async function checkUploads(
  deps: ImportDeps,
  caller: Caller,
  fields: BankUploadFields,
  files: readonly UploadedFile[],
) {
  if (files.length === 0) throw badRequest(BANK_IMPORT_MESSAGES.noFiles);
  await requireBankImportAccess(deps.db, caller, fields.organisationId, "add");
  const accounts = await readAccounts(deps.db, caller, fields.organisationId);
  requireStatementAccount(accounts, fields.accountId);
  const remembered = await repo.findStatementLayout(
    deps.db,
    fields.organisationId,
    fields.accountId,
  );
  return { accounts, remembered };
}

async function readUploads(
  deps: ImportDeps,
  caller: Caller,
  fields: BankUploadFields,
  files: readonly UploadedFile[],
) {
  const { accounts, remembered } = await checkUploads(deps, caller, fields, files);
  const statements = [];
  for (const [index, file] of files.entries()) {
    statements.push(
      await readStatement(fields.organisationId, file, fields.layouts[index], remembered),
    );
  }
  return { accounts, statements };
}

/** POST /import/bank/validateFiles: what each file holds and how it was read; nothing is written. */
export async function validateStatementFiles(
  deps: ImportDeps,
  caller: Caller,
  fields: BankUploadFields,
  files: readonly UploadedFile[],
) {
  const { remembered } = await checkUploads(deps, caller, fields, files);
  const described = [];
  for (const [index, file] of files.entries()) {
    const read = await readStatementOnPool(
      fields.organisationId,
      file,
      fields.layouts[index],
      remembered,
      "describe",
    );
    described.push("description" in read ? read.description : read.statement);
  }
  return { files: described };
}

const normaliseNarration = (text: string) => text.replace(/\s+/g, " ").trim().toUpperCase();

/**
 * The duplicate rule: a line already imported and saved as a voucher from the same account, on
 * the same date, of the same amount, with the same reference or the same narration. Identical
 * lines within one statement are not duplicates of each other (two equal payments on one day
 * happen); a flagged line is kept and only skipped unless the reviewer insists.
 */
async function findDuplicates(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
  lines: readonly StatementLine[],
): Promise<Set<StatementLine>> {
  const duplicates = new Set<StatementLine>();
  if (lines.length === 0) return duplicates;
  const dates = lines.map((line) => line.date).sort();
  const saved = await repo.listSavedLines(
    db,
    organisationId,
    accountId,
    dates[0] as string,
    dates.at(-1) as string,
  );
  const byKey = new Map<string, typeof saved>();
  for (const row of saved) {
    const key = `${row.date}|${row.amount_paise}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  for (const line of lines) {
    const candidates = byKey.get(`${line.date}|${line.amountPaise}`) ?? [];
    const narration = normaliseNarration(line.narration);
    if (
      candidates.some(
        (row) =>
          (line.reference !== "" && row.reference === line.reference) ||
          normaliseNarration(row.narration) === narration,
      )
    ) {
      duplicates.add(line);
    }
  }
  return duplicates;
}

/**
 * Issue 40: the lines not already imported that the bookkeeper entered by hand: a voucher on this
 * account of the same amount and direction within a few days (matchLinesToBooks), each voucher
 * one line. Such a line is staged as a duplicate, so accepting every suggestion skips it.
 */
async function findLinesInBooks(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
  lines: readonly StatementLine[],
  duplicates: ReadonlySet<StatementLine>,
): Promise<Map<StatementLine, BookEntry>> {
  const open = lines.filter((line) => !duplicates.has(line));
  const found = new Map<StatementLine, BookEntry>();
  if (open.length === 0) return found;
  const dates = open.map((line) => line.date).sort();
  const window = booksMatchWindow(dates[0] as string, dates.at(-1) as string);
  const books = await readAccountMovements(db, organisationId, accountId, window.from, window.to);
  // Vouchers this organisation saved from earlier statements are those lines' own.
  const imported = await repo.listSavedVoucherIds(
    db,
    organisationId,
    accountId,
    window.from,
    window.to,
  );
  const matched = matchLinesToBooks(
    open,
    books.filter((entry) => !imported.has(entry.voucherId)),
  );
  for (const [index, entry] of matched) found.set(open[index] as StatementLine, entry);
  return found;
}

/** The invoice type a line of this role settles bill-wise (sales invoices for receipts...). */
function billTypeFor(role: BankStatementLineRole): BillableType | null {
  const into = voucherTypeForBankLine(role);
  return getVoucherDefinition(into).settles;
}

interface BillWiseEntry {
  entryId: string;
  invoiceNumber: string;
  amountPaise: number;
}

/** Open bills of parties, read once each, with what earlier lines of the same run have taken. */
function createBillBook(deps: ImportDeps, caller: Caller, organisationId: string) {
  const open = new Map<string, Promise<OpenBill[]>>();
  return async (
    accountId: string,
    nature: string,
    role: BankStatementLineRole,
    amountPaise: number,
  ) => {
    const type = billTypeFor(role);
    const side = type ? getVoucherDefinition(type).partySide : null;
    const fits =
      (side === "customer" && nature === "Debtors") ||
      (side === "supplier" && nature === "Creditors");
    if (!type || !fits) return [];
    const key = `${type}|${accountId}`;
    let bills = open.get(key);
    if (!bills) {
      bills = readOpenBills(deps.db, caller, type, organisationId, accountId).then((found) =>
        (
          (found.invoices ?? found.bills ?? []) as {
            _id: string;
            invoiceNumber: string;
            date: string;
            pendingAmt: number;
          }[]
        ).map((bill) => ({
          id: bill._id,
          number: bill.invoiceNumber,
          date: bill.date,
          pendingPaise: rupeesToPaise(bill.pendingAmt),
        })),
      );
      open.set(key, bills);
    }
    const list = await bills;
    const settled = suggestBillSettlement(
      list.filter((bill) => bill.pendingPaise > 0),
      amountPaise,
    );
    for (const part of settled) {
      const bill = list.find((candidate) => candidate.id === part.id);
      if (bill) bill.pendingPaise -= part.amountPaise;
    }
    return settled.map(
      (part): BillWiseEntry => ({
        entryId: part.id,
        invoiceNumber: part.number,
        amountPaise: part.amountPaise,
      }),
    );
  };
}

/** POST /import/bank/importFiles: each file becomes an import request with its staged lines. */
export async function importStatementFiles(
  deps: ImportDeps,
  caller: Caller,
  fields: BankUploadFields,
  files: readonly UploadedFile[],
  progress?: ProgressTracker,
) {
  const { accounts, statements } = await readUploads(deps, caller, fields, files);
  for (const statement of statements) {
    if ("error" in statement) {
      const message = `${statement.fileName}: ${statement.error}`;
      throw badRequest(message, [{ path: "files", message }]);
    }
  }
  // Decision 075: the lines checked for duplicates and given a suggestion, of all the files'.
  progress?.importing(
    (statements as ReadStatement[]).reduce(
      (sum, statement) => sum + statement.reading.lines.length,
      0,
    ),
  );
  let staged = 0;
  const organisationId = fields.organisationId;
  const words = (statements as ReadStatement[]).flatMap((statement) =>
    statement.reading.lines.flatMap((line) => narrationWords(line.narration)),
  );
  const learned = await repo.readLearnedWords(deps.db, organisationId, words);
  const suggest = createAccountSuggester([...accounts.values()], learned, fields.accountId);
  const billsFor = createBillBook(deps, caller, organisationId);
  const created: ImportRequestsTable[] = [];
  for (const statement of statements as ReadStatement[]) {
    const { lines } = statement.reading;
    const duplicates = await findDuplicates(deps.db, organisationId, fields.accountId, lines);
    const inBooks = await findLinesInBooks(
      deps.db,
      organisationId,
      fields.accountId,
      lines,
      duplicates,
    );
    const now = nowIso();
    const request: ImportRequestsTable = {
      organisation_id: organisationId,
      id: newId(),
      type: "bank",
      year: fields.year ?? financialYearOf(lines[0]?.date ?? now.slice(0, 10)),
      account_id: fields.accountId,
      file_name: statement.fileName.slice(0, 255),
      layout: statement.layout,
      header_row: statement.headerRow,
      mapping: JSON.stringify(statement.mapping),
      state: "uploaded",
      line_count: lines.length,
      duplicate_count: duplicates.size + inBooks.size,
      problems: JSON.stringify(statement.reading.problems.slice(0, 100)),
      balance_break: statement.reading.balanceBreak
        ? JSON.stringify(statement.reading.balanceBreak)
        : null,
      created_at: now,
      created_by: caller.userId,
      updated_at: now,
      deleted_at: null,
    };
    const entries: BankImportEntriesTable[] = [];
    for (const line of lines) {
      const suggestion: AccountSuggestion = suggest(line.narration, line.amountPaise);
      const counter = suggestion.accountId ? accounts.get(suggestion.accountId) : undefined;
      const role = roleOfBankLine(
        line.amountPaise,
        counter ? isOwnMoneyNature(counter.nature) : false,
      );
      const billWise = counter
        ? await billsFor(counter.id, counter.nature, role, line.amountPaise)
        : [];
      entries.push({
        organisation_id: organisationId,
        id: newId(),
        import_request_id: request.id,
        account_id: fields.accountId,
        row_number: line.rowNumber,
        date: line.date,
        narration: line.narration.slice(0, NARRATION_MAX),
        reference: line.reference.slice(0, 100),
        amount_paise: line.amountPaise,
        balance_paise: line.balancePaise,
        duplicate: duplicates.has(line) || inBooks.has(line) ? 1 : 0,
        include_duplicate: 0,
        state: "pending",
        voucher_type: voucherTypeForBankLine(role),
        counter_account_id: counter?.id ?? null,
        confidence: Math.round(suggestion.confidence * 100),
        reason: suggestion.reason,
        bill_wise: JSON.stringify(billWise),
        voucher_id: null,
        in_books: describeInBooks(inBooks.get(line)),
        created_at: now,
        updated_at: now,
      });
      staged += 1;
      progress?.advance(staged);
      // A poll of the progress gets in every hundred lines (a few milliseconds of work).
      if (progress && staged % 100 === 0) await letOthersIn();
    }
    await deps.db.transaction().execute(async (trx) => {
      await repo.insertImportRequest(trx, request);
      await repo.insertBankEntries(trx, entries);
      await repo.saveStatementLayout(trx, {
        organisation_id: organisationId,
        account_id: fields.accountId,
        header_row: statement.headerRow,
        headers: JSON.stringify(statement.headers),
        mapping: JSON.stringify(statement.mapping),
        updated_at: now,
      });
    });
    created.push(request);
  }
  return { importRequests: await describeRequests(deps.db, organisationId, created) };
}

async function describeRequests(
  db: Kysely<Database>,
  organisationId: string,
  requests: readonly ImportRequestsTable[],
) {
  const counts = await repo.countEntriesByState(
    db,
    organisationId,
    requests.map((request) => request.id),
  );
  return requests.map((request) => {
    const of = (state: string) =>
      counts.find((row) => row.import_request_id === request.id && row.state === state)?.count ?? 0;
    return {
      _id: request.id,
      type: request.type,
      year: request.year,
      accountId: request.account_id,
      fileName: request.file_name,
      layout: request.layout,
      headerRow: request.header_row,
      mapping: JSON.parse(request.mapping) as StatementMapping,
      state: request.state,
      lineCount: request.line_count,
      duplicateCount: request.duplicate_count,
      pendingCount: of("pending"),
      acceptedCount: of("accepted"),
      skippedCount: of("skipped"),
      savedCount: of("saved"),
      problems: JSON.parse(request.problems) as unknown[],
      balanceBreak: request.balance_break
        ? (JSON.parse(request.balance_break) as {
            rowNumber: number;
            expectedPaise: number;
            foundPaise: number;
          })
        : null,
      createdAt: request.created_at,
    };
  });
}

async function requireRequest(db: Kysely<Database>, organisationId: string, id: string) {
  const request = await repo.findImportRequest(db, organisationId, id);
  if (!request) throw notFound(BANK_IMPORT_MESSAGES.requestNotFound);
  return request;
}

/** GET /import/request */
export async function readImportRequest(
  deps: ImportDeps,
  caller: Caller,
  query: { organisationId: string; importRequestId: string },
) {
  await requireBankImportAccess(deps.db, caller, query.organisationId, "view");
  const request = await requireRequest(deps.db, query.organisationId, query.importRequestId);
  const [described] = await describeRequests(deps.db, query.organisationId, [request]);
  return { importRequest: described };
}

/** GET /import/requests (year, type) */
export async function listImportRequests(
  deps: ImportDeps,
  caller: Caller,
  query: { organisationId: string; year?: string | undefined; type?: string | undefined },
) {
  await requireBankImportAccess(deps.db, caller, query.organisationId, "view");
  const requests = await repo.listImportRequests(deps.db, query.organisationId, query);
  return { importRequests: await describeRequests(deps.db, query.organisationId, requests) };
}

function describeInBooks(entry: BookEntry | undefined): string | null {
  if (!entry) return null;
  const { voucherId, voucherType, number, date } = entry;
  return JSON.stringify({ voucherId, voucherType, number, date });
}

function describeEntry(row: BankImportEntriesTable) {
  const billWise = JSON.parse(row.bill_wise) as BillWiseEntry[];
  return {
    _id: row.id,
    importRequestId: row.import_request_id,
    accountId: row.account_id,
    rowNumber: row.row_number,
    date: row.date,
    narration: row.narration,
    reference: row.reference,
    amount: toRupees(row.amount_paise),
    deposit: row.amount_paise > 0 ? toRupees(row.amount_paise) : 0,
    withdrawal: row.amount_paise < 0 ? toRupees(-row.amount_paise) : 0,
    balance: row.balance_paise === null ? null : toRupees(row.balance_paise),
    duplicate: row.duplicate === 1,
    includeDuplicate: row.include_duplicate === 1,
    /** Issue 40: the voucher entered by hand that this line already is; null when none. */
    alreadyInBooks: row.in_books
      ? (JSON.parse(row.in_books) as {
          voucherId: string;
          voucherType: string;
          number: string;
          date: string;
        })
      : null,
    status: row.state,
    voucherType: row.voucher_type,
    counterAccountId: row.counter_account_id,
    confidence: row.confidence / 100,
    reason: row.reason,
    billWiseEntries: billWise.map((entry) => ({
      entryId: entry.entryId,
      invoiceNumber: entry.invoiceNumber,
      amount: toRupees(entry.amountPaise),
    })),
    voucherId: row.voucher_id,
  };
}

/** POST /import/bank/getImportedBankEntries */
export async function readImportedBankEntries(
  deps: ImportDeps,
  caller: Caller,
  input: GetImportedBankEntriesInput,
) {
  await requireBankImportAccess(deps.db, caller, input.organisationId, "view");
  const ids = [
    ...new Set([
      ...(input.importRequestId ? [input.importRequestId] : []),
      ...(input.importRequests ?? []),
    ]),
  ];
  const requests = [];
  for (const id of ids) requests.push(await requireRequest(deps.db, input.organisationId, id));
  let rows = await repo.listBankEntries(
    deps.db,
    input.organisationId,
    requests.map((request) => request.id),
    input.bankEntryId ? { ids: [input.bankEntryId] } : {},
  );
  if (input.accountId) rows = rows.filter((row) => row.account_id === input.accountId);
  return {
    importRequests: await describeRequests(deps.db, input.organisationId, requests),
    bankEntries: rows.map(describeEntry),
  };
}

/** PATCH /import/bank/saveImportedBankEntries: the reviewer's choices, kept line by line. */
export async function saveImportedBankEntries(
  deps: ImportDeps,
  caller: Caller,
  input: SaveImportedBankEntriesInput,
) {
  const organisationId = input.organisationId;
  await requireBankImportAccess(deps.db, caller, organisationId, "add");
  const request = await requireRequest(deps.db, organisationId, input.importRequestId);
  const accounts = await readAccounts(deps.db, caller, organisationId);
  const rows = await repo.listBankEntries(deps.db, organisationId, [request.id], {
    ids: input.entries.map((entry) => entry.bankEntryId),
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const billsFor = createBillBook(deps, caller, organisationId);
  const updates: { id: string; values: Partial<BankImportEntriesTable> }[] = [];
  for (const [index, choice] of input.entries.entries()) {
    const path = (field: string) => `entries.${index}.${field}`;
    const row = byId.get(choice.bankEntryId);
    if (!row) {
      throw badRequest(BANK_IMPORT_MESSAGES.entryNotFound, [
        { path: path("bankEntryId"), message: BANK_IMPORT_MESSAGES.entryNotFound },
      ]);
    }
    if (row.state === "saved") {
      throw badRequest(BANK_IMPORT_MESSAGES.alreadySaved, [
        { path: path("bankEntryId"), message: BANK_IMPORT_MESSAGES.alreadySaved },
      ]);
    }
    const values = await settleChoice(row, choice, accounts, path, billsFor);
    updates.push({ id: row.id, values: { ...values, updated_at: nowIso() } });
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const update of updates) {
      await repo.updateBankEntry(trx, organisationId, update.id, update.values);
    }
    if (request.state === "uploaded" || request.state === "undone") {
      await repo.updateImportRequest(trx, organisationId, request.id, {
        state: "reviewed",
        updated_at: nowIso(),
      });
    }
  });
  return readImportedBankEntries(deps, caller, {
    organisationId,
    importRequestId: request.id,
  });
}

/** A choice checked against the line and the accounts: the columns it changes. */
async function settleChoice(
  row: BankImportEntriesTable,
  choice: BankEntryChoice,
  accounts: Map<string, KnownAccount>,
  path: (field: string) => string,
  billsFor: ReturnType<typeof createBillBook>,
): Promise<Partial<BankImportEntriesTable>> {
  const values: Partial<BankImportEntriesTable> = {};
  const accountId = choice.accountId === undefined ? row.counter_account_id : choice.accountId;
  const account = accountId ? accounts.get(accountId) : undefined;
  if (accountId && !account) {
    throw badRequest(BANK_IMPORT_MESSAGES.noAccount, [
      { path: path("accountId"), message: BANK_IMPORT_MESSAGES.noAccount },
    ]);
  }
  if (accountId === row.account_id) {
    throw badRequest(BANK_IMPORT_MESSAGES.sameAccount, [
      { path: path("accountId"), message: BANK_IMPORT_MESSAGES.sameAccount },
    ]);
  }
  const role = roleOfBankLine(row.amount_paise, account ? isOwnMoneyNature(account.nature) : false);
  const type = voucherTypeForBankLine(role);
  if (choice.voucherType && choice.voucherType !== type) {
    const message =
      choice.voucherType === voucherTypeForBankLine("transfer")
        ? BANK_IMPORT_MESSAGES.transferNeedsOwnAccount
        : BANK_IMPORT_MESSAGES.wrongType;
    throw badRequest(message, [{ path: path("voucherType"), message }]);
  }
  if (choice.accountId !== undefined) {
    values.counter_account_id = accountId ?? null;
    values.voucher_type = type;
    if (accountId !== row.counter_account_id) {
      values.confidence = 100;
      values.reason = "chosen";
    }
  }
  if (choice.billWiseEntries) {
    const earlier = JSON.parse(row.bill_wise) as BillWiseEntry[];
    values.bill_wise = JSON.stringify(
      choice.billWiseEntries.map(
        (entry): BillWiseEntry => ({
          entryId: entry.entryId,
          invoiceNumber: earlier.find((e) => e.entryId === entry.entryId)?.invoiceNumber ?? "",
          amountPaise: rupeesToPaise(entry.amount),
        }),
      ),
    );
  } else if (choice.accountId !== undefined && accountId !== row.counter_account_id) {
    values.bill_wise = JSON.stringify(
      account ? await billsFor(account.id, account.nature, role, row.amount_paise) : [],
    );
  }
  if (choice.includeDuplicate !== undefined)
    values.include_duplicate = choice.includeDuplicate ? 1 : 0;
  if (choice.status) {
    if (choice.status === "accepted" && !account) {
      throw badRequest(BANK_IMPORT_MESSAGES.noAccount, [
        { path: path("accountId"), message: BANK_IMPORT_MESSAGES.noAccount },
      ]);
    }
    values.state = choice.status;
  }
  return values;
}

const narrationOf = (row: BankImportEntriesTable) =>
  (row.reference ? `${row.narration} (Ref ${row.reference})` : row.narration).slice(
    0,
    NARRATION_MAX,
  );

/** A line's voucher payload, by what the line is (the registry's bank-line role of its type). */
const PAYLOADS: Record<
  BankStatementLineRole,
  (row: BankImportEntriesTable, common: Record<string, unknown>) => Record<string, unknown>
> = {
  moneyIn: (row, common) => ({
    ...common,
    receivedAccountId: row.account_id,
    receivedAmount: toRupees(row.amount_paise),
    entries: [settlementLine(row)],
  }),
  moneyOut: (row, common) => ({
    ...common,
    paidAccountId: row.account_id,
    paidAmount: toRupees(-row.amount_paise),
    entries: [settlementLine(row)],
  }),
  transfer: (row, common) => {
    const amount = toRupees(Math.abs(row.amount_paise));
    const into = row.amount_paise > 0;
    return {
      ...common,
      paidAccountId: into ? row.counter_account_id : row.account_id,
      receivedAccountId: into ? row.account_id : row.counter_account_id,
      paidAmount: amount,
      receivedAmount: amount,
    };
  },
};

function settlementLine(row: BankImportEntriesTable) {
  const billWise = JSON.parse(row.bill_wise) as BillWiseEntry[];
  return {
    accountId: row.counter_account_id,
    amount: toRupees(Math.abs(row.amount_paise)),
    billWiseEntries: billWise.map((entry) => ({
      entryId: entry.entryId,
      amount: toRupees(entry.amountPaise),
    })),
  };
}

function roleOfType(type: string): BankStatementLineRole {
  const role = getVoucherDefinition(type as VoucherType).bankStatementLine;
  if (!role) throw new AppError(500, `A bank line cannot become a ${type}.`);
  return role;
}

/**
 * POST /import/bank/saveTransaction: the accepted lines become vouchers in one transaction of the
 * voucher engine (numbers, postings, balances, bill-wise, locks, rights), which also marks the
 * lines saved and learns their words, so a failure leaves nothing half-saved.
 */
export async function saveBankTransactions(
  deps: ImportDeps,
  caller: Caller,
  input: SaveBankTransactionInput,
) {
  const organisationId = input.organisationId;
  await requireBankImportAccess(deps.db, caller, organisationId, "add");
  const request = await requireRequest(deps.db, organisationId, input.importRequestId);
  // A statement whose running balance does not follow is saved only once the user has seen the
  // break (issue 36: a reversal read the wrong way left the ledger ₹5,000 short).
  if (request.balance_break && input.acknowledgeBalanceBreak !== true) {
    const found = JSON.parse(request.balance_break) as {
      rowNumber: number;
      expectedPaise: number;
      foundPaise: number;
    };
    const message = BANK_IMPORT_MESSAGES.balanceBreakUnseen(
      found.rowNumber,
      formatRupees(found.expectedPaise),
      formatRupees(found.foundPaise),
    );
    throw badRequest(message, [{ path: "acknowledgeBalanceBreak", message }]);
  }
  const rows = await repo.listBankEntries(deps.db, organisationId, [request.id], {
    ids: input.bankEntryIds,
  });
  if (input.bankEntryIds && rows.length !== new Set(input.bankEntryIds).size) {
    throw badRequest(BANK_IMPORT_MESSAGES.entryNotFound);
  }
  const chosen = rows.filter((row) => row.state === "accepted" && row.counter_account_id);
  const saving = chosen.filter((row) => row.duplicate === 0 || row.include_duplicate === 1);
  if (saving.length === 0) throw badRequest(BANK_IMPORT_MESSAGES.nothingToSave);
  const entries: NewEntry[] = saving.map((row) => ({
    type: row.voucher_type as VoucherType,
    payload: PAYLOADS[roleOfType(row.voucher_type)](row, {
      organisationId,
      year: financialYearOf(row.date),
      date: row.date,
      narration: narrationOf(row),
      bankImportId: row.id,
    }) as NewEntry["payload"],
  }));
  const learned = new Map<string, Map<string, number>>();
  for (const row of saving) learnFromLine(learned, row.narration, row.counter_account_id as string);
  const saved = await createVouchers(deps, caller, organisationId, entries, {
    inTransaction: async (trx, vouchers) => {
      const now = nowIso();
      await repo.markLinesSaved(
        trx,
        organisationId,
        saving.map((row, index) => ({ id: row.id, voucherId: vouchers[index]?.entryId ?? "" })),
        now,
      );
      await repo.addLearnedWords(trx, organisationId, learned);
      await repo.updateImportRequest(trx, organisationId, request.id, {
        state: "saved",
        updated_at: now,
      });
    },
  });
  return {
    saved: saved.length,
    skippedDuplicates: chosen.length - saving.length,
    entries: saved.map((voucher, index) => ({
      bankEntryId: saving[index]?.id,
      voucherType: saving[index]?.voucher_type,
      entryId: voucher.entryId,
      number: voucher.number,
    })),
  };
}

/**
 * DELETE /import/bank/deleteImportedBankEntries: undo. The vouchers saved from the import (or
 * from one line) are deleted (softly, by the voucher engine, with its rights and locks), and
 * their lines go back to accepted, ready to be saved again.
 */
export async function undoBankImport(
  deps: ImportDeps,
  caller: Caller,
  query: { organisationId: string; importRequestId: string; bankEntryId?: string | undefined },
) {
  const organisationId = query.organisationId;
  await requireBankImportAccess(deps.db, caller, organisationId, "delete");
  const request = await requireRequest(deps.db, organisationId, query.importRequestId);
  const rows = await repo.listBankEntries(deps.db, organisationId, [request.id], {
    ...(query.bankEntryId ? { ids: [query.bankEntryId] } : {}),
    state: "saved",
  });
  if (query.bankEntryId && rows.length === 0) throw notFound(BANK_IMPORT_MESSAGES.entryNotFound);
  const deleted = await deleteLiveVouchers(deps, caller, organisationId, rows);
  const left = await repo.listBankEntries(deps.db, organisationId, [request.id], {
    state: "saved",
  });
  if (left.length === 0) {
    await repo.updateImportRequest(deps.db, organisationId, request.id, {
      state: "undone",
      updated_at: nowIso(),
    });
  }
  return { success: true, deleted };
}

/**
 * Deletes the vouchers still live, of every type at once, and puts their lines back to accepted,
 * all in one transaction whatever their number (issue 36): a refused delete (a locked month, no
 * right) leaves every line saved. A voucher a user deleted by hand already is left as it is and
 * its line goes back too; then the rest go line by line, each with its voucher.
 */
async function deleteLiveVouchers(
  deps: ImportDeps,
  caller: Caller,
  organisationId: string,
  lines: readonly BankImportEntriesTable[],
): Promise<number> {
  const unsave = (of: readonly BankImportEntriesTable[]) => (trx: Kysely<Database>) =>
    repo.markLinesUnsaved(
      trx,
      organisationId,
      of.map((line) => line.id),
      nowIso(),
    );
  const live = lines.filter((line) => line.voucher_id);
  const gone = lines.filter((line) => !line.voucher_id);
  if (gone.length > 0) await unsave(gone)(deps.db);
  if (live.length === 0) return 0;
  const groupsOf = (of: readonly BankImportEntriesTable[]) => {
    const byType = new Map<VoucherType, string[]>();
    for (const line of of) {
      const type = line.voucher_type as VoucherType;
      byType.set(type, [...(byType.get(type) ?? []), line.voucher_id as string]);
    }
    return [...byType].map(([type, entryIds]) => ({ type, entryIds }));
  };
  try {
    return (
      await deleteVouchersOfTypes(deps, caller, organisationId, groupsOf(live), {
        inTransaction: unsave(live),
      })
    ).deleted;
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
  }
  let deleted = 0;
  for (const line of live) {
    try {
      deleted += (
        await deleteVouchersOfTypes(deps, caller, organisationId, groupsOf([line]), {
          inTransaction: unsave([line]),
        })
      ).deleted;
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
      await unsave([line])(deps.db);
    }
  }
  return deleted;
}

/** DELETE /import/bank/deleteFile: an uploaded statement whose lines were never saved (soft). */
export async function deleteStatementFile(
  deps: ImportDeps,
  caller: Caller,
  query: { organisationId: string; importRequestId: string },
) {
  await requireBankImportAccess(deps.db, caller, query.organisationId, "add");
  const request = await requireRequest(deps.db, query.organisationId, query.importRequestId);
  const saved = await repo.listBankEntries(deps.db, query.organisationId, [request.id], {
    state: "saved",
  });
  if (saved.length > 0) throw badRequest(BANK_IMPORT_MESSAGES.savedLinesExist);
  await repo.updateImportRequest(deps.db, query.organisationId, request.id, {
    deleted_at: nowIso(),
  });
  return { success: true };
}
