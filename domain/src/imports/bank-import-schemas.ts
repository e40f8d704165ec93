import { z } from "zod";
import { PositiveRupeeAmount } from "../schemas/amounts.ts";
import { FinancialYearText } from "../schemas/dates.ts";
import { EntityId } from "../schemas/text-fields.ts";
import type { VoucherType } from "../vouchers/voucher-type.ts";
import { bankStatementVoucherTypes } from "./bank-line-types.ts";
import { STATEMENT_COLUMNS, type StatementMapping } from "./bank-statement.ts";

/** What an import request is of (GET /import/requests?type=). */
export const IMPORT_REQUEST_TYPES = ["bank"] as const;
export type ImportRequestType = (typeof IMPORT_REQUEST_TYPES)[number];

/** An import request's state, shown in the requests list (uploaded → reviewed → saved → undone). */
export const IMPORT_REQUEST_STATES = ["uploaded", "reviewed", "saved", "undone"] as const;
export type ImportRequestState = (typeof IMPORT_REQUEST_STATES)[number];

/** A staged bank line: waiting for review, accepted for saving, skipped, or saved as a voucher. */
export const BANK_ENTRY_STATES = ["pending", "accepted", "skipped", "saved"] as const;
export type BankEntryState = (typeof BANK_ENTRY_STATES)[number];

export const BANK_IMPORT_MESSAGES = {
  notBankAccount: "Choose a Bank or Bank OD/CC account to import the statement into.",
  noFiles: "Choose at least one statement file (CSV, XLS or XLSX).",
  tooManyFiles: "Send at most 10 statement files at once.",
  fileTooLarge: "A statement file can be at most 10 MB.",
  unknownFileType: (name: string) =>
    `${name} is not a CSV, XLS or XLSX file. Download the statement from the bank as Excel or CSV.`,
  unreadable: (name: string) => `${name} could not be read as a spreadsheet.`,
  zipBomb: (name: string) =>
    `${name} unpacks to far more than a statement can hold; it was refused.`,
  tooManyRows: "A statement can have at most 100,000 rows.",
  requestNotFound: "This import does not exist or has been deleted.",
  entryNotFound: "This bank line does not exist in the import.",
  noAccount: "Choose the account for this line.",
  nothingToSave: "No accepted lines to save. Accept lines (or choose their accounts) first.",
  savedLinesExist:
    "Entries have been saved from this statement: undo them before deleting the file.",
  alreadySaved: "This line has already been saved as an entry.",
  sameAccount: "The line's account cannot be the bank account of the statement.",
  transferNeedsOwnAccount: "A fund transfer is made with a cash or bank account.",
  wrongType: "A bank line becomes a receipt, a payment or a fund transfer.",
  balanceBreakUnseen: (rowNumber: number, expected: string, found: string) =>
    `The statement's running balance breaks at row ${rowNumber}: it should be ${expected} but the statement says ${found}, so a line may be missing or read the wrong way. Check the file and the column mapping; save anyway only after confirming you have seen the break.`,
  duplicateSkipped:
    "This line was already imported and saved; tick 'import anyway' to save it again.",
} as const;

const ColumnIndex = z.number().int().min(0).max(255);

/** A column mapping the user corrected: the column index of each role. */
export const StatementMappingInput = z
  .object(Object.fromEntries(STATEMENT_COLUMNS.map((column) => [column, ColumnIndex.optional()])))
  .transform((value) => value as StatementMapping);

/** One file's corrected layout, sent with importFiles (header row numbered from 1). */
export const StatementLayoutInput = z.object({
  headerRow: z.number().int().min(1).max(1000),
  mapping: StatementMappingInput,
});
export type StatementLayoutInput = z.infer<typeof StatementLayoutInput>;

/** The text fields of the multipart upload of validateFiles and importFiles. */
export const BankUploadFields = z.object({
  organisationId: EntityId,
  accountId: EntityId,
  year: FinancialYearText.optional(),
  /** JSON: an array, per file in the order sent, of a corrected layout or null. */
  layouts: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return [];
      try {
        const parsed = z.array(StatementLayoutInput.nullable()).max(10).safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
        ctx.addIssue({
          code: "custom",
          message: parsed.error.issues[0]?.message ?? "Bad layouts.",
        });
      } catch {
        ctx.addIssue({ code: "custom", message: "layouts must be JSON." });
      }
      return z.NEVER;
    }),
});
export type BankUploadFields = z.infer<typeof BankUploadFields>;

export const ImportRequestQuery = z.object({
  organisationId: EntityId,
  importRequestId: EntityId,
});

export const ImportRequestsQuery = z.object({
  organisationId: EntityId,
  year: FinancialYearText.optional(),
  type: z.enum(IMPORT_REQUEST_TYPES).optional(),
});

export const DeleteImportedBankEntriesQuery = z.object({
  organisationId: EntityId,
  importRequestId: EntityId,
  bankEntryId: EntityId.optional(),
});

export const GetImportedBankEntriesInput = z
  .object({
    organisationId: EntityId,
    importRequestId: EntityId.optional(),
    importRequests: z.array(EntityId).max(50).optional(),
    accountId: EntityId.optional(),
    bankEntryId: EntityId.optional(),
  })
  .refine((value) => value.importRequestId || value.importRequests?.length, {
    message: "Name the import (importRequestId or importRequests).",
    path: ["importRequestId"],
  });
export type GetImportedBankEntriesInput = z.infer<typeof GetImportedBankEntriesInput>;

export const BankEntryChoice = z.object({
  bankEntryId: EntityId,
  status: z.enum(["pending", "accepted", "skipped"]).optional(),
  voucherType: z
    .string()
    .refine(
      (type) => (bankStatementVoucherTypes() as string[]).includes(type),
      BANK_IMPORT_MESSAGES.wrongType,
    )
    .transform((type) => type as VoucherType)
    .optional(),
  accountId: EntityId.nullable().optional(),
  billWiseEntries: z
    .array(z.object({ entryId: EntityId, amount: PositiveRupeeAmount }))
    .max(100)
    .optional(),
  includeDuplicate: z.boolean().optional(),
});
export type BankEntryChoice = z.infer<typeof BankEntryChoice>;

export const SaveImportedBankEntriesInput = z.object({
  organisationId: EntityId,
  importRequestId: EntityId,
  entries: z.array(BankEntryChoice).min(1).max(100_000),
});
export type SaveImportedBankEntriesInput = z.infer<typeof SaveImportedBankEntriesInput>;

export const SaveBankTransactionInput = z.object({
  organisationId: EntityId,
  importRequestId: EntityId,
  /** Only these lines (each must be accepted); without it, every accepted line of the import. */
  bankEntryIds: z.array(EntityId).max(100_000).optional(),
  /** The user has seen the statement's balance break (issue 36): without it such a statement is not saved. */
  acknowledgeBalanceBreak: z.boolean().optional(),
});
export type SaveBankTransactionInput = z.infer<typeof SaveBankTransactionInput>;
