import { z } from "zod";
import { paiseToRupees } from "../money/rupees.ts";
import { ACCOUNT_NATURES } from "../reference/account-groups.ts";
import { GST_REGISTRATION_TYPES } from "../reference/gst-registration-types.ts";
import { STATES } from "../reference/states.ts";
import { AccountInput } from "../schemas/account-input.ts";
import { ItemInput } from "../schemas/item-input.ts";
import { EntityId } from "../schemas/text-fields.ts";
import { parseStatementAmount } from "./bank-statement.ts";
import { TALLY_GROUP_NATURES } from "./tally.ts";

// Spreadsheets of masters (issue 23, "Spreadsheets"): one sheet per kind laid out like its
// downloadable template. Column headings are the API's field names; the labels people use are
// accepted too. Each row becomes the payload of the masters' own add call, checked by its own
// schema, so a row's message is the one the add screen would show.

export const SHEET_IMPORT_TYPES = ["accounts", "items", "vouchers"] as const;
export type SheetImportType = (typeof SHEET_IMPORT_TYPES)[number];
export type MasterSheetType = Exclude<SheetImportType, "vouchers">;

type CellKind =
  | "text"
  | "amount"
  | "quantity"
  | "drCr"
  | "state"
  | "gstType"
  | "itemType"
  | "rate"
  | "nature";

export interface SheetColumn {
  /** The API's field name: the template's heading. */
  field: string;
  /** Other headings accepted, compared without case, spaces or punctuation. */
  labels: readonly string[];
  kind: CellKind;
  required?: boolean;
  sample: string;
  /** Shown on the template's "Allowed values" sheet. */
  allowed?: readonly string[];
}

const DR_CR_VALUES = ["Dr", "Cr"];

export const SHEET_COLUMNS: Record<MasterSheetType, readonly SheetColumn[]> = {
  accounts: [
    {
      field: "name",
      labels: ["account name", "ledger", "ledger name", "party name", "account"],
      kind: "text",
      required: true,
      sample: "Asha Traders",
    },
    {
      field: "nature",
      labels: ["group", "account group", "under", "nature of account", "type of account"],
      kind: "nature",
      required: true,
      sample: "Debtors",
      allowed: ACCOUNT_NATURES,
    },
    {
      field: "openingBalance",
      labels: ["opening", "opening balance", "opening bal", "balance"],
      kind: "amount",
      sample: "12500.00",
    },
    {
      field: "openingBalanceType",
      labels: ["dr/cr", "drcr", "balance type", "opening type", "type"],
      kind: "drCr",
      sample: "Dr",
      allowed: DR_CR_VALUES,
    },
    {
      field: "gstType",
      labels: ["gst registration type", "registration type", "gst type"],
      kind: "gstType",
      sample: "Regular",
      allowed: GST_REGISTRATION_TYPES.map((type) => type.label),
    },
    { field: "gstin", labels: ["gst no", "gst number", "gstin/uin"], kind: "text", sample: "" },
    {
      field: "state",
      labels: ["state name", "state code"],
      kind: "state",
      sample: "Maharashtra",
      allowed: STATES.map((state) => state.name),
    },
    { field: "pan", labels: ["pan no", "income tax number", "it pan"], kind: "text", sample: "" },
    { field: "mobileNo", labels: ["mobile", "phone", "mobile number"], kind: "text", sample: "" },
    { field: "email", labels: ["email id", "e-mail"], kind: "text", sample: "" },
    {
      field: "billingAddress",
      labels: ["address", "billing address"],
      kind: "text",
      sample: "12 MG Road, Pune",
    },
  ],
  items: [
    {
      field: "name",
      labels: ["item name", "item", "stock item", "product"],
      kind: "text",
      required: true,
      sample: "Steel Rod 12mm",
    },
    {
      field: "type",
      labels: ["item type", "goods/services"],
      kind: "itemType",
      sample: "goods",
      allowed: ["goods", "services"],
    },
    { field: "uom", labels: ["unit", "units", "uqc"], kind: "text", sample: "NOS" },
    { field: "hsnCode", labels: ["hsn", "hsn code", "hsn/sac"], kind: "text", sample: "7214" },
    { field: "sacCode", labels: ["sac", "sac code"], kind: "text", sample: "" },
    {
      field: "gstRate",
      labels: ["gst rate", "gst %", "tax rate", "rate of tax"],
      kind: "rate",
      sample: "18",
    },
    {
      field: "standardSellingPrice",
      labels: ["selling price", "sale price", "mrp", "rate"],
      kind: "amount",
      sample: "550.00",
    },
    {
      field: "standardPurchasePrice",
      labels: ["purchase price", "cost price", "cost"],
      kind: "amount",
      sample: "480.00",
    },
    {
      field: "openingBalanceQuantity",
      labels: ["opening quantity", "opening qty", "opening stock"],
      kind: "quantity",
      sample: "100",
    },
    {
      field: "openingBalanceAmount",
      labels: ["opening value", "opening amount", "opening stock value"],
      kind: "amount",
      sample: "48000.00",
    },
    { field: "description", labels: ["details"], kind: "text", sample: "" },
  ],
};

const SCHEMAS: Record<MasterSheetType, z.ZodType> = { accounts: AccountInput, items: ItemInput };

export const SHEET_MESSAGES = {
  noHeader: (type: MasterSheetType) =>
    `Row 1 must hold the column headings of the ${type} template (at least "name").`,
  unknownColumn: (heading: string) =>
    `Column "${heading}" is not one of the template's; it was ignored.`,
  badAmount: (text: string) => `"${text}" is not an amount.`,
  badDrCr: (text: string) => `"${text}" is not Dr or Cr.`,
  badState: (text: string) => `"${text}" is not a state name or a two-digit state code.`,
  badGstType: (text: string) => `"${text}" is not a GST registration type.`,
  badItemType: (text: string) => `"${text}" is not goods or services.`,
  badNumber: (text: string) => `"${text}" is not a number.`,
  duplicateInFile: (row: number) => `The same name is already on row ${row} of this file.`,
  emptyFile: "The file has no rows under the headings.",
} as const;

export const SheetImportFields = z.object({
  organisationId: EntityId,
  type: z.enum(SHEET_IMPORT_TYPES, { error: "type must be accounts, items or vouchers." }),
  /** "valid": import the rows without problems; "all": nothing unless every row is fine. */
  mode: z.enum(["valid", "all"]).default("valid"),
});
export type SheetImportFields = z.infer<typeof SheetImportFields>;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9%]/g, "");

/** The field each heading of row 1 names, by field name or a label people use. */
export function mapSheetHeadings(
  type: MasterSheetType,
  headings: readonly string[],
): { fields: (string | null)[]; unknown: string[] } {
  const unknown: string[] = [];
  const fields = headings.map((heading) => {
    const key = squash(heading);
    if (!key) return null;
    const column = SHEET_COLUMNS[type].find(
      (candidate) =>
        squash(candidate.field) === key || candidate.labels.some((label) => squash(label) === key),
    );
    if (!column) unknown.push(heading.trim());
    return column?.field ?? null;
  });
  return { fields, unknown };
}

export interface SheetProblem {
  /** The sheet's own row number (headings are row 1). */
  row: number;
  /** The column's heading as the file has it, or the field name. */
  column: string;
  message: string;
}

export interface SheetRow {
  row: number;
  payload: Record<string, unknown>;
  /** The name the row creates, compared without case (re-importing the same file skips it). */
  nameKey: string;
}

type CellReading = { value: unknown } | { problem: string } | null;

/**
 * Issue 40: a group as Tally names it ("Sundry Debtors", "Bank Accounts", "Duties & Taxes") or as
 * Bahi does, compared without case, spaces or punctuation, to Bahi's nature. An unknown name is
 * passed on as typed, for the account schema's own message.
 */
const NATURES_BY_NAME = new Map<string, string>([
  ...Object.entries(TALLY_GROUP_NATURES).map(([name, nature]) => [squash(name), nature] as const),
  ...ACCOUNT_NATURES.map((nature) => [squash(nature), nature] as const),
]);

export function readAccountNature(text: string): string {
  return NATURES_BY_NAME.get(squash(text)) ?? text;
}

function readCell(kind: CellKind, text: string): CellReading {
  if (text === "") return null;
  switch (kind) {
    case "text":
      return { value: text };
    case "nature":
      return { value: readAccountNature(text) };
    case "amount": {
      const amount = parseStatementAmount(text);
      if (amount === "invalid") return { problem: SHEET_MESSAGES.badAmount(text) };
      if (amount === null) return { value: 0 };
      return {
        value: paiseToRupees(amount.paise),
        ...(amount.marker ? { marker: amount.marker } : {}),
      };
    }
    case "quantity":
    case "rate": {
      const number = Number(text.replace(/,/g, "").replace(/%$/, ""));
      return Number.isFinite(number)
        ? { value: number }
        : { problem: SHEET_MESSAGES.badNumber(text) };
    }
    case "drCr": {
      const side = /^(dr|debit|d)\.?$/i.test(text)
        ? "dr"
        : /^(cr|credit|c)\.?$/i.test(text)
          ? "cr"
          : null;
      return side ? { value: side } : { problem: SHEET_MESSAGES.badDrCr(text) };
    }
    case "state": {
      const state = STATES.find(
        (candidate) =>
          candidate.code === text.padStart(2, "0") || squash(candidate.name) === squash(text),
      );
      return state ? { value: state.code } : { problem: SHEET_MESSAGES.badState(text) };
    }
    case "gstType": {
      const type = GST_REGISTRATION_TYPES.find(
        (candidate) =>
          squash(candidate.value) === squash(text) || squash(candidate.label) === squash(text),
      );
      return type ? { value: type.value } : { problem: SHEET_MESSAGES.badGstType(text) };
    }
    case "itemType": {
      const value = /^goods?$/i.test(text)
        ? "goods"
        : /^services?$/i.test(text)
          ? "services"
          : null;
      return value ? { value } : { problem: SHEET_MESSAGES.badItemType(text) };
    }
  }
}

/**
 * The rows of a sheet as add payloads, with every problem row by row (the sheet's own row number,
 * the column, the message the add screen would give). Nothing is written here.
 */
export function readSheetImport(
  type: MasterSheetType,
  organisationId: string,
  rows: readonly (readonly string[])[],
): { valid: SheetRow[]; problems: SheetProblem[]; unknownColumns: string[]; rowCount: number } {
  const headings = (rows[0] ?? []).map((cell) => cell.trim());
  const { fields, unknown } = mapSheetHeadings(type, headings);
  if (!fields.includes("name")) {
    return {
      valid: [],
      problems: [{ row: 1, column: "name", message: SHEET_MESSAGES.noHeader(type) }],
      unknownColumns: unknown,
      rowCount: 0,
    };
  }
  const columns = SHEET_COLUMNS[type];
  const valid: SheetRow[] = [];
  const problems: SheetProblem[] = [];
  const seen = new Map<string, number>();
  let rowCount = 0;
  for (let index = 1; index < rows.length; index += 1) {
    const cells = rows[index] ?? [];
    if (cells.every((cell) => cell.trim() === "")) continue;
    rowCount += 1;
    const row = index + 1;
    const headingOf = (field: string) => headings[fields.indexOf(field)] || field;
    const payload: Record<string, unknown> = { organisationId };
    const rowProblems: SheetProblem[] = [];
    fields.forEach((field, column) => {
      if (!field) return;
      const definition = columns.find((candidate) => candidate.field === field);
      if (!definition) return;
      const reading = readCell(definition.kind, (cells[column] ?? "").trim());
      if (!reading) return;
      if ("problem" in reading) {
        rowProblems.push({ row, column: headingOf(field), message: reading.problem });
        return;
      }
      payload[field] = reading.value;
      const marker = (reading as { marker?: string }).marker;
      if (marker && field === "openingBalance") payload.openingBalanceType ??= marker;
    });
    // People type a credit opening balance as a negative number.
    if (typeof payload.openingBalance === "number" && payload.openingBalance < 0) {
      payload.openingBalance = -payload.openingBalance;
      payload.openingBalanceType ??= "cr";
    }
    if (type === "items") payload.type ??= payload.sacCode ? "services" : "goods";
    if (type === "accounts" && payload.openingBalance && !payload.openingBalanceType) {
      payload.openingBalanceType = "dr";
    }
    // Issue 40: a GSTIN makes the party a regular registered one unless the sheet says otherwise,
    // so a sheet without a registration-type column (Tally's masters) is not refused for it.
    if (type === "accounts" && payload.gstin && !payload.gstType) payload.gstType = "regular";
    let parsedPayload: Record<string, unknown> = payload;
    if (rowProblems.length === 0) {
      const parsed = SCHEMAS[type].safeParse(payload);
      if (parsed.success) parsedPayload = parsed.data as Record<string, unknown>;
      else {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? "name");
          rowProblems.push({ row, column: headingOf(field), message: issue.message });
        }
      }
    }
    const nameKey = String(payload.name ?? "")
      .trim()
      .toLowerCase();
    const earlier = seen.get(nameKey);
    if (nameKey && earlier !== undefined) {
      rowProblems.push({
        row,
        column: headingOf("name"),
        message: SHEET_MESSAGES.duplicateInFile(earlier),
      });
    } else if (nameKey) {
      seen.set(nameKey, row);
    }
    if (rowProblems.length > 0) problems.push(...rowProblems);
    // The schema's output (defaults filled in) is what the add services take.
    else valid.push({ row, payload: parsedPayload, nameKey });
  }
  if (rowCount === 0) problems.push({ row: 2, column: "name", message: SHEET_MESSAGES.emptyFile });
  return { valid, problems, unknownColumns: unknown, rowCount };
}

/**
 * Text written into a spreadsheet or CSV export safely: a value starting with =, +, -, @ (or a
 * tab or carriage return) would be read as a formula by a spreadsheet program, so it gets a
 * leading apostrophe (OWASP "CSV injection"). Numbers are not text and are left alone.
 */
export function neutraliseFormulaText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
