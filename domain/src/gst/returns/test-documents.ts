import { applyPercent, quantityToMilli, rupeesToPaise } from "../../money/index.ts";
import type { ReturnDocument, ReturnLine } from "./return-document.ts";

/** The supplier of the test documents: Maharashtra (27). */
export const SUPPLIER_GSTIN = "27AAPFU0939F1ZV";
export const REGISTERED_GSTIN = "29AAGCB7383J1Z4";

let counter = 0;

/** A line with tax computed the way gst/compute does for whole-rupee values. */
export function buildLine(
  taxableRupees: number,
  gstRate: number,
  options: {
    inter?: boolean;
    hsn?: string | null;
    quantity?: number;
    uqc?: string;
    lut?: boolean;
  } = {},
): ReturnLine {
  const taxablePaise = rupeesToPaise(taxableRupees);
  const taxed = !options.lut && gstRate > 0;
  const taxPaise = taxed ? applyPercent(taxablePaise, gstRate) : 0;
  // CGST and SGST are each taxable × rate/2 %, half-up (decision 099).
  const half = taxed ? applyPercent(taxablePaise, gstRate / 2) : 0;
  return {
    hsn: options.hsn === undefined ? "8471" : options.hsn,
    uqc: options.uqc ?? "NOS",
    isService: (options.hsn ?? "").startsWith("99"),
    description: "Laptop",
    quantityMilli: quantityToMilli(options.quantity ?? 1),
    gstRate,
    taxablePaise,
    igstPaise: options.inter ? taxPaise : 0,
    cgstPaise: options.inter ? 0 : half,
    sgstPaise: options.inter ? 0 : half,
    cessPaise: 0,
  };
}

/** An invoice (or, with role outwardNote, a credit note) whose total is the lines' sum unless given. */
export function buildDocument(overrides: Partial<ReturnDocument> = {}): ReturnDocument {
  counter += 1;
  const lines = overrides.lines ?? [buildLine(1000, 18)];
  const total = lines.reduce(
    (sum, line) =>
      sum + line.taxablePaise + line.igstPaise + line.cgstPaise + line.sgstPaise + line.cessPaise,
    0,
  );
  const note = overrides.role === "outwardNote";
  return {
    entryId: `doc-${counter}`,
    voucherType: note ? "creditNote" : "salesInvoice",
    role: "outwardSupply",
    noteType: note ? "C" : null,
    table13Nature: note ? 5 : 1,
    number: `${note ? "CN" : "INV"}-${counter}`,
    date: "2024-09-10",
    partyName: "Customer",
    gstin: null,
    pos: "27",
    supplyKind: "regular",
    reverseCharge: false,
    priceAdjustmentOnly: false,
    totalPaise: total,
    lines,
    portCode: null,
    shippingBillNumber: null,
    shippingBillDate: null,
    originalInvoices: [],
    ...overrides,
  };
}
