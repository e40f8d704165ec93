import { describe, expect, test } from "vitest";
import { buildGstr1Json, buildGstr1Sections, totalSection } from "./gstr1-build.ts";
import { outwardContributions, summariseGstr3b } from "./gstr3b.ts";
import type { ReturnDocument } from "./return-document.ts";
import { buildDocument, buildLine, REGISTERED_GSTIN, SUPPLIER_GSTIN } from "./test-documents.ts";

// A debit note to a customer (registry type salesDebitNote, decision 066): an outward note with
// ntty D that raises the supply, Table 13 nature 4, always a price adjustment (no quantity).
function debitNote(overrides: Partial<ReturnDocument> = {}): ReturnDocument {
  return buildDocument({
    role: "outwardNote",
    voucherType: "salesDebitNote",
    noteType: "D",
    table13Nature: 4,
    priceAdjustmentOnly: true,
    date: "2024-09-20",
    ...overrides,
  });
}

/** A registered customer in Maharashtra, the supplier's own state (check character computed). */
const INTRA_STATE_GSTIN = "27AAGCB7383J1Z8";

function build(documents: ReturnDocument[], fp = "092024") {
  const options = { gstin: SUPPLIER_GSTIN, fp };
  const sections = buildGstr1Sections(documents, [], options);
  return { sections, json: buildGstr1Json(documents, sections, options) };
}

describe("GSTR-1: a debit note to a customer", () => {
  test("registered, inter-state: cdnr with ntty D, IGST, positive values", () => {
    const note = debitNote({
      number: "DN-1",
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [buildLine(100, 18, { inter: true })],
    });
    const { json, sections } = build([note]);
    expect(json.cdnr).toEqual([
      {
        ctin: REGISTERED_GSTIN,
        nt: [
          {
            ntty: "D",
            nt_num: "DN-1",
            nt_dt: "20-09-2024",
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            val: 118,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 18, csamt: 0 } }],
          },
        ],
      },
    ]);
    // A debit note adds to the section's totals (a credit note would subtract).
    expect(totalSection(sections, "cdnr").taxablePaise).toBe(10_000);
    expect(json.b2cs).toBeUndefined();
  });

  test("registered, intra-state: cdnr with CGST and SGST", () => {
    const note = debitNote({
      number: "DN-2",
      gstin: INTRA_STATE_GSTIN,
      pos: "27",
      lines: [buildLine(1000, 12)],
    });
    const { json } = build([note]);
    const cdnr = json.cdnr as { nt: Record<string, unknown>[] }[];
    expect(cdnr[0]?.nt[0]).toMatchObject({
      ntty: "D",
      pos: "27",
      val: 1120,
      itms: [{ num: 1, itm_det: { rt: 12, txval: 1000, camt: 60, samt: 60, csamt: 0 } }],
    });
  });

  test("unregistered, intra-state: nets into b2cs, adding to the invoices of the same rate", () => {
    const documents = [
      buildDocument({ pos: "27", lines: [buildLine(1000, 18)] }),
      debitNote({ pos: "27", lines: [buildLine(200, 18)] }),
      buildDocument({ role: "outwardNote", pos: "27", lines: [buildLine(50, 18)] }),
    ];
    const { json } = build(documents);
    // 1,000 + 200 (debit note) − 50 (credit note) = 1,150; tax 207, half each.
    expect(json.b2cs).toEqual([
      {
        sply_ty: "INTRA",
        pos: "27",
        typ: "OE",
        rt: 18,
        txval: 1150,
        camt: 103.5,
        samt: 103.5,
        csamt: 0,
      },
    ]);
    expect(json.cdnur).toBeUndefined();
  });

  test("unregistered, inter-state against a B2CL invoice: cdnur B2CL with ntty D", () => {
    const note = debitNote({
      number: "DN-3",
      pos: "29",
      lines: [buildLine(1000, 18, { inter: true })],
      originalInvoices: [{ number: "INV-9", date: "2024-09-01", totalPaise: 30_000_000 }],
    });
    const cdnur = build([note]).json.cdnur as Record<string, unknown>[];
    expect(cdnur).toEqual([
      {
        typ: "B2CL",
        ntty: "D",
        nt_num: "DN-3",
        nt_dt: "20-09-2024",
        pos: "29",
        val: 1180,
        itms: [{ num: 1, itm_det: { rt: 18, txval: 1000, iamt: 180, csamt: 0 } }],
      },
    ]);
  });

  test("unregistered, inter-state against a small invoice: b2cs INTER adds", () => {
    const documents = [
      buildDocument({ pos: "29", lines: [buildLine(2000, 18, { inter: true })] }),
      debitNote({ pos: "29", lines: [buildLine(500, 18, { inter: true })] }),
    ];
    expect(build(documents).json.b2cs).toEqual([
      { sply_ty: "INTER", pos: "29", typ: "OE", rt: 18, txval: 2500, iamt: 450, csamt: 0 },
    ]);
  });

  test("hsn: the value rises, the quantity does not (a price adjustment)", () => {
    const invoice = buildDocument({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [buildLine(1000, 18, { inter: true, quantity: 2, hsn: "84713010" })],
    });
    const note = debitNote({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [buildLine(100, 18, { inter: true, quantity: 2, hsn: "84713010" })],
    });
    const hsn = build([invoice, note], "042025").json.hsn as { data: Record<string, unknown>[] };
    expect(hsn.data).toEqual([
      {
        num: 1,
        hsn_sc: "84713010",
        desc: "Laptop",
        uqc: "NOS",
        qty: 2,
        rt: 18,
        txval: 1100,
        iamt: 198,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
  });

  test("doc_issue: Table 13 nature 4 'Debit Note', its own series", () => {
    const documents = [
      buildDocument({ number: "INV-1" }),
      debitNote({ number: "SDN-1" }),
      debitNote({ number: "SDN-2" }),
    ];
    const docIssue = build(documents).json.doc_issue as { doc_det: Record<string, unknown>[] };
    expect(docIssue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: "Invoices for outward supply",
        docs: [{ num: 1, from: "INV-1", to: "INV-1", totnum: 1, cancel: 0, net_issue: 1 }],
      },
      {
        doc_num: 4,
        doc_typ: "Debit Note",
        docs: [{ num: 1, from: "SDN-1", to: "SDN-2", totnum: 2, cancel: 0, net_issue: 2 }],
      },
    ]);
  });
});

describe("GSTR-3B 3.1(a): a debit note to a customer adds to the outward taxable supplies", () => {
  test("the invoice plus the note, minus nothing", () => {
    const documents = [
      buildDocument({
        gstin: REGISTERED_GSTIN,
        pos: "29",
        lines: [buildLine(1000, 18, { inter: true })],
      }),
      debitNote({
        gstin: REGISTERED_GSTIN,
        pos: "29",
        lines: [buildLine(100, 18, { inter: true })],
      }),
    ];
    const { sections } = build(documents);
    const summary = summariseGstr3b(outwardContributions(documents, sections, "27"));
    expect(summary.cells["3.1a"]).toMatchObject({ taxablePaise: 110_000, igstPaise: 19_800 });
  });
});
