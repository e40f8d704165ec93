import { paiseToRupees, type TdsSectionCode } from "@bahi/domain";
import ExcelJS from "exceljs";
import type { TdsChallansTable } from "../../db/schema.ts";
import type { TdsReportRow } from "./tds.service.ts";

/**
 * The quarter's statement as a workbook laid out in the columns of Form 26Q's challan (401–413)
 * and deductee (Annexure, 414 on) schedules, in the order the NSDL/Protean Return Preparation
 * Utility's grids take them, so the rows can be pasted into the RPU (decision 301). The RPU's
 * own import template could not be read here; the column order follows Form 26Q and the file
 * format's deductee record (Protean "File format for Form 26Q"; Oracle JD Edwards' published
 * mapping of it). Section codes are the file format's three-character codes.
 */
export const RPU_SECTION_CODES: Readonly<Record<TdsSectionCode, string>> = {
  "194C": "94C",
  "194J(a)": "4JA",
  "194J(b)": "4JB",
  "194H": "94H",
  "194I(a)": "4IA",
  "194I(b)": "4IB",
  "194A": "94A",
  "194Q": "94Q",
};

export const CHALLAN_COLUMNS = [
  "401 Sr. No.",
  "402 Section Code",
  "403 TDS (Rs.)",
  "404 Surcharge (Rs.)",
  "405 Education Cess (Rs.)",
  "406 Interest (Rs.)",
  "407 Others (Rs.)",
  "407(a) Fee (Rs.)",
  "408 Total tax deposited (Rs.)",
  "409 Cheque / DD No.",
  "410 BSR Code",
  "411 Date on which tax deposited",
  "412 Challan Serial No.",
  "413 Whether TDS deposited by book entry",
] as const;

export const DEDUCTEE_COLUMNS = [
  "Sr. No.",
  "Challan Sr. No. (401)",
  "Section Code",
  "414 Deductee Code (01 Company, 02 Other)",
  "415 PAN of the deductee",
  "416 Name of the deductee",
  "417 Amount paid / credited (Rs.)",
  "418 Date of payment / credit",
  "419 TDS (Rs.)",
  "420 Surcharge (Rs.)",
  "421 Education Cess (Rs.)",
  "422 Total tax deducted (Rs.)",
  "423 Total tax deposited (Rs.)",
  "424 Date of deduction",
  "425 Rate at which deducted (%)",
  "426 Reason for non-deduction / lower deduction",
  "427 Number of the certificate u/s 197",
] as const;

/** dd/mm/yyyy, as the RPU's date cells take them. */
export function rpuDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** PAN as the statement carries it: PANNOTAVBL when the deductee gave none, PANINVALID when wrong. */
export function statementPan(row: Pick<TdsReportRow, "pan" | "panStatus">): string {
  if (row.panStatus === "missing") return "PANNOTAVBL";
  if (row.panStatus === "invalid") return "PANINVALID";
  return (row.pan ?? "").toUpperCase();
}

/** Remark codes: A lower deduction under s.197, C higher rate for want of PAN (s.206AA). */
function remarkOf(row: TdsReportRow): string {
  if (row.certificateNumber) return "A";
  if (row.panStatus !== "valid") return "C";
  return "";
}

const rupees = (paise: number) => paiseToRupees(paise);

export async function buildRpuWorkbook(input: {
  organisationName: string;
  tan: string | null;
  year: string;
  quarter: number;
  rows: readonly TdsReportRow[];
  challans: readonly TdsChallansTable[];
}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const info = workbook.addWorksheet("Deductor");
  info.addRows([
    ["Name of Deductor", input.organisationName],
    ["TAN of Deductor", input.tan ?? ""],
    ["Financial Year", input.year],
    ["Quarter", `Q${input.quarter}`],
    ["Form", "26Q"],
    ["Prepared by", "Bahi (decision 301: Form 26Q column order for the RPU's grids)"],
  ]);
  const challanSheet = workbook.addWorksheet("Challan Details");
  challanSheet.addRow([...CHALLAN_COLUMNS]);
  const challans = [...input.challans].sort(
    (a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id),
  );
  const serialOf = new Map(challans.map((challan, index) => [challan.id, index + 1]));
  challans.forEach((challan, index) => {
    const tax = Number(challan.tax_paise);
    const interest = Number(challan.interest_paise);
    const fee = Number(challan.fee_paise);
    challanSheet.addRow([
      index + 1,
      RPU_SECTION_CODES[challan.section as TdsSectionCode] ?? challan.section,
      rupees(tax),
      0,
      0,
      rupees(interest),
      0,
      rupees(fee),
      rupees(tax + interest + fee),
      "",
      challan.bsr_code,
      rpuDate(challan.date),
      challan.challan_serial,
      "N",
    ]);
  });
  const deducteeSheet = workbook.addWorksheet("Deductee Details");
  deducteeSheet.addRow([...DEDUCTEE_COLUMNS]);
  input.rows.forEach((row, index) => {
    deducteeSheet.addRow([
      index + 1,
      row.challan ? (serialOf.get(row.challan.challanId) ?? "") : "",
      RPU_SECTION_CODES[row.section as TdsSectionCode] ?? row.section,
      row.deducteeCode,
      statementPan(row),
      row.name,
      row.amountPaid,
      rpuDate(row.date),
      row.tds,
      0,
      0,
      row.tds,
      row.challan ? row.tds : 0,
      rpuDate(row.date),
      row.rate,
      remarkOf(row),
      row.certificateNumber ?? "",
    ]);
  });
  for (const sheet of [challanSheet, deducteeSheet]) {
    sheet.getRow(1).font = { bold: true };
    sheet.columns.forEach((column) => {
      column.width = 18;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
