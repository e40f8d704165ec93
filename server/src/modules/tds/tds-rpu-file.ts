import { paiseToRupees, rupeesToPaise, type TdsSectionCode } from "@bahi/domain";
import ExcelJS from "exceljs";
import type { TdsChallansTable } from "../../db/schema.ts";
import type { TdsReportRow } from "./tds.service.ts";

/**
 * The quarter's statement as a workbook in the grids of Protean's (NSDL's) Return Preparation
 * Utility for Form 26Q, column for column, so each sheet's rows can be pasted into the RPU's
 * Challan and Deductee sheets (decision 400). The RPU numbers its deductee columns itself
 * ("Total TDS to be allocated among deductees as in the vertical total of col. 21", "Total
 * (7+8+9)"); the order here is the one read from two public programs that fill those grids:
 * Udit0079/Projects DeducteePojo.java (columns 1–30, a bank's export for the RPU) and an RPU-layout
 * correction workbook whose challan and deductee headers list the same order with the challan's
 * columns (Sr. No., Update mode, Section, TDS, Surcharge, Cess, Interest, Fee, Others, Last total,
 * Total, Cheque, Last BSR, BSR, Last date, Date, Last serial, Serial, Book adjustment, Interest to
 * be allocated, Others, Minor head). The "Last …" and "Update mode" columns are for correction
 * statements and are left empty. Section codes are the file format's three-character codes.
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
  "Sr. No. (401)",
  "Update mode for challan",
  "Section code (402)",
  "TDS (Rs.)",
  "Surcharge (Rs.)",
  "Education Cess (Rs.)",
  "Interest (Rs.)",
  "Fee (Rs.)",
  "Penalty / Others (Rs.)",
  "Last total tax deposited (Rs.)",
  "Total amount deposited as per challan / book adjustment (4+5+6+7+8+9) (Rs.)",
  "Cheque / DD No. (if any)",
  "Last BSR code / 24G receipt no.",
  "BSR code / Form 24G receipt no.",
  "Last date on which tax deposited",
  "Date on which amount deposited through challan (dd/mm/yyyy)",
  "Last DDO / transfer voucher / challan serial no.",
  "Challan serial no. / DDO serial no. of Form 24G",
  "Mode of deposit through book adjustment (Yes/No)",
  "Interest to be allocated / apportioned (Rs.)",
  "Others (Rs.)",
  "Minor head of challan (200 TDS payable by taxpayer, 400 regular assessment)",
] as const;

export const DEDUCTEE_COLUMNS = [
  "Row No.",
  "(1) Challan Sr. No.",
  "(2) Update mode for deductee",
  "(3) BSR code of branch where tax deposited",
  "(4) Date on which tax deposited (dd/mm/yyyy)",
  "(5) Transfer voucher / challan serial no.",
  "(6) Section under which payment made",
  "(7) Total TDS to be allocated among deductees as in the vertical total of col. 21 (Rs.)",
  "(8) Interest (Rs.)",
  "(9) Others (Rs.)",
  "(10) Total (7+8+9) (Rs.)",
  "(11) Sr. No.",
  "(12) Deductee reference no. provided by the deductor",
  "(13) Last PAN of deductee",
  "(14) PAN of deductee",
  "(15) Name of deductee",
  "(16) Date of payment / credit (dd/mm/yyyy)",
  "(17) Amount paid / credited (Rs.)",
  "(18) TDS (Rs.)",
  "(19) Surcharge (Rs.)",
  "(20) Education Cess (Rs.)",
  "(21) Total tax deducted (18+19+20) (Rs.)",
  "(22) Last total tax deducted (Rs.)",
  "(23) Total tax deposited (Rs.)",
  "(24) Last total tax deposited (Rs.)",
  "(25) Date of deduction (dd/mm/yyyy)",
  "(26) Remarks (reason for non-deduction / lower / higher deduction / threshold)",
  "(27) Deductee code (01 company, 02 other than company)",
  "(28) Rate at which tax deducted (%)",
  "(29) Paid by book entry or otherwise",
  "(30) Certificate number issued by the Assessing Officer u/s 197",
  "(31) Grossing up indicator",
  "(32) Amount of cash withdrawal in excess of Rs. 1 crore (s.194N)",
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

/** The assessment year of a financial year ("2025-26" → "2026-27"). */
function assessmentYearOf(year: string): string {
  const start = Number(year.slice(0, 4)) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

export async function buildRpuWorkbook(input: {
  organisationName: string;
  tan: string;
  pan: string | null;
  year: string;
  quarter: number;
  rows: readonly TdsReportRow[];
  challans: readonly TdsChallansTable[];
}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const info = workbook.addWorksheet("Deductor");
  info.addRows([
    ["Tax Deduction Account Number (TAN)", input.tan],
    ["Permanent Account Number (PAN)", input.pan ?? ""],
    ["Name of Deductor", input.organisationName],
    ["Financial Year", input.year],
    ["Assessment Year", assessmentYearOf(input.year)],
    ["Quarter", `Q${input.quarter}`],
    ["Form", "26Q"],
    ["Prepared by", "Bahi (decision 400: the RPU's Challan and Deductee grids, column for column)"],
  ]);
  const challans = [...input.challans].sort(
    (a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id),
  );
  const serialOf = new Map(challans.map((challan, index) => [challan.id, index + 1]));
  const challanSheet = workbook.addWorksheet("Challan");
  challanSheet.addRow([...CHALLAN_COLUMNS]);
  for (const [index, challan] of challans.entries()) {
    const tax = Number(challan.tax_paise);
    const interest = Number(challan.interest_paise);
    const fee = Number(challan.fee_paise);
    challanSheet.addRow([
      index + 1,
      "",
      RPU_SECTION_CODES[challan.section as TdsSectionCode] ?? challan.section,
      rupees(tax),
      0,
      0,
      rupees(interest),
      rupees(fee),
      0,
      "",
      rupees(tax + interest + fee),
      "",
      "",
      challan.bsr_code,
      "",
      rpuDate(challan.date),
      "",
      challan.challan_serial,
      "No",
      rupees(interest),
      0,
      "200",
    ]);
  }
  const deducteeSheet = workbook.addWorksheet("Deductee");
  deducteeSheet.addRow([...DEDUCTEE_COLUMNS]);
  // "Deductee serial no. should be given challanwise" (the RPU's instructions): grouped by challan.
  const byChallan = [...input.rows].sort(
    (a, b) =>
      (serialOf.get(a.challan?.challanId ?? "") ?? Number.MAX_SAFE_INTEGER) -
        (serialOf.get(b.challan?.challanId ?? "") ?? Number.MAX_SAFE_INTEGER) ||
      a.date.localeCompare(b.date),
  );
  const challanById = new Map(challans.map((challan) => [challan.id, challan]));
  const allocated = new Map<string, number>();
  for (const row of input.rows) {
    if (row.challan) {
      const id = row.challan.challanId;
      allocated.set(id, (allocated.get(id) ?? 0) + rupeesToPaise(row.tds));
    }
  }
  for (const [index, row] of byChallan.entries()) {
    const challan = row.challan ? challanById.get(row.challan.challanId) : undefined;
    const tdsTotal = challan ? (allocated.get(challan.id) ?? 0) : 0;
    const interest = challan ? Number(challan.interest_paise) : 0;
    const others = challan ? Number(challan.fee_paise) : 0;
    deducteeSheet.addRow([
      index + 1,
      challan ? (serialOf.get(challan.id) ?? "") : "",
      "",
      challan?.bsr_code ?? "",
      challan ? rpuDate(challan.date) : "",
      challan?.challan_serial ?? "",
      RPU_SECTION_CODES[row.section as TdsSectionCode] ?? row.section,
      rupees(tdsTotal),
      rupees(interest),
      rupees(others),
      rupees(tdsTotal + interest + others),
      index + 1,
      "",
      "",
      statementPan(row),
      row.name,
      // Credited when the tax became deductible; deducted (column 25) on the entry's date.
      rpuDate(row.deductibleOn ?? row.date),
      row.amountPaid,
      row.tds,
      0,
      0,
      row.tds,
      "",
      row.challan ? row.tds : 0,
      "",
      rpuDate(row.date),
      remarkOf(row),
      row.deducteeCode,
      row.rate,
      "",
      row.certificateNumber ?? "",
      "",
      "",
    ]);
  }
  for (const sheet of [challanSheet, deducteeSheet]) {
    sheet.getRow(1).font = { bold: true };
    sheet.columns.forEach((column) => {
      column.width = 18;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
