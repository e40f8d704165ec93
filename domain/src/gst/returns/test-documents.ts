import fc from "fast-check";
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

/** A registered recipient in the supplier's own state (an intra-state B2B supply). */
export const LOCAL_GSTIN = "27AAGCB7383J1Z5";

const lineArbitrary: fc.Arbitrary<ReturnLine> = fc
  .record({
    hsn: fc.constantFrom<string | null>("8471", "8471", "1006", "998314", null),
    uqc: fc.constantFrom<string | null>("NOS", "KGS", null),
    description: fc.constantFrom(
      "Laptop",
      "Rice",
      "Consulting",
      "A description longer than thirty",
    ),
    quantityMilli: fc.integer({ min: 0, max: 5_000_000 }),
    gstRate: fc.constantFrom(-2, -1, 0, 0.25, 5, 18, 28),
    // Mostly valued; now and then 0 (a line no table reports).
    taxablePaise: fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 1, max: 10_000_000 }) },
      { weight: 1, arbitrary: fc.constant(0) },
    ),
    inter: fc.boolean(),
    cessPaise: fc.constantFrom(0, 0, 125),
    fromAccountLine: fc.boolean(),
  })
  .map(({ inter, fromAccountLine, ...line }) => {
    const taxed = line.gstRate > 0;
    const taxPaise = taxed ? applyPercent(line.taxablePaise, line.gstRate) : 0;
    // CGST and SGST are each taxable × rate/2 %, half-up (decision 099).
    const half = taxed ? applyPercent(line.taxablePaise, line.gstRate / 2) : 0;
    return {
      ...line,
      isService: (line.hsn ?? "").startsWith("99"),
      igstPaise: inter ? taxPaise : 0,
      cgstPaise: inter ? 0 : half,
      sgstPaise: inter ? 0 : half,
      ...(fromAccountLine ? { fromAccountLine } : {}),
    };
  });

/**
 * A random book of outward documents over two months, in the return's order: invoices, credit
 * and debit notes (some only adjusting a price, some against an invoice), to registered and
 * unregistered persons, within and across states, exports, SEZ and deemed exports.
 */
export function bookArbitrary(months: readonly [string, string]): fc.Arbitrary<ReturnDocument[]> {
  const document = fc.record({
    kind: fc.constantFrom("invoice", "invoice", "credit", "debit"),
    month: fc.constantFrom(...months),
    day: fc.integer({ min: 1, max: 28 }),
    gstin: fc.constantFrom<string | null>(null, null, REGISTERED_GSTIN, LOCAL_GSTIN),
    pos: fc.constantFrom<string | null>("27", "29", "07", null),
    partyGstType: fc.constantFrom<string | null>(null, null, "composition", "uinholder"),
    supplyKind: fc.constantFrom<ReturnDocument["supplyKind"]>(
      "regular",
      "regular",
      "regular",
      "exportWithPayment",
      "exportWithoutPayment",
      "sezWithPayment",
      "sezWithoutPayment",
      "deemedExport",
    ),
    reverseCharge: fc.boolean(),
    priceAdjustmentOnly: fc.boolean(),
    lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 4 }),
    original: fc.option(fc.integer({ min: 1, max: 50_000_000 }), { nil: null }),
  });
  return fc.array(document, { maxLength: 25 }).map((drafts) =>
    drafts
      .map((draft, index): ReturnDocument => {
        const note = draft.kind !== "invoice";
        const total = draft.lines.reduce(
          (sum, line) =>
            sum +
            line.taxablePaise +
            line.igstPaise +
            line.cgstPaise +
            line.sgstPaise +
            line.cessPaise,
          0,
        );
        return {
          entryId: `doc-${index}`,
          voucherType: note
            ? draft.kind === "credit"
              ? "creditNote"
              : "salesDebitNote"
            : "salesInvoice",
          role: note ? "outwardNote" : "outwardSupply",
          noteType: note ? (draft.kind === "credit" ? "C" : "D") : null,
          table13Nature: note ? (draft.kind === "credit" ? 5 : 4) : 1,
          number: `${note ? "N" : "INV"}-${index}`,
          date: `${draft.month}-${String(draft.day).padStart(2, "0")}`,
          partyName: "Customer",
          gstin: draft.gstin,
          pos: draft.pos,
          partyGstType: draft.partyGstType,
          supplyKind: draft.supplyKind,
          reverseCharge: draft.reverseCharge,
          priceAdjustmentOnly: note && draft.priceAdjustmentOnly,
          totalPaise: total,
          lines: draft.lines,
          portCode: null,
          shippingBillNumber: null,
          shippingBillDate: null,
          originalInvoices:
            note && draft.original !== null
              ? [{ number: "INV-X", date: `${months[0]}-01`, totalPaise: draft.original }]
              : [],
        };
      })
      .sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.number.localeCompare(b.number) ||
          a.entryId.localeCompare(b.entryId),
      ),
  );
}
