import { describe, expect, test } from "vitest";
import { buildGstr1Sections } from "./gstr1-build.ts";
import type { ReturnDocument } from "./return-document.ts";
import {
  decodeKeptDocument,
  dependsOnOriginals,
  describeReturnFacts,
  encodeKeptDocument,
  restoreKeptDocument,
} from "./return-facts.ts";
import { buildDocument, buildLine, REGISTERED_GSTIN, SUPPLIER_GSTIN } from "./test-documents.ts";

// Decision 056: the facts saved with each outward voucher must put it where buildGstr1Sections
// puts it, with the amounts signed as the return counts them.
function sectionOf(document: ReturnDocument): string | undefined {
  const sections = buildGstr1Sections([document], [], { gstin: SUPPLIER_GSTIN, fp: "092024" });
  const found = (["b2b", "b2cl", "b2cs", "exp", "cdnr", "cdnur"] as const).find((name) =>
    (sections[name] as { entryId?: string }[]).some(
      (row) => row.entryId === undefined || row.entryId === document.entryId,
    ),
  );
  return found;
}

describe("describeReturnFacts", () => {
  test("a registered inter-state invoice: b2b, IGST, its HSN line and no warning", () => {
    const invoice = buildDocument({
      number: "inv-7",
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [buildLine(1000, 18, { inter: true, quantity: 2 })],
    });
    const facts = describeReturnFacts(invoice, SUPPLIER_GSTIN);
    expect(facts).toMatchObject({
      section: "b2b",
      hasTaxable: true,
      sign: 1,
      registered: true,
      inter: true,
      pos: "29",
      taxablePaise: 100_000,
      igstPaise: 18_000,
      cgstPaise: 0,
      needsOriginals: false,
      mayWarn: false,
      numberUpper: "INV-7",
    });
    expect(facts.lines).toEqual([
      expect.objectContaining({
        lineNo: 0,
        hsn: "8471",
        uqc: "NOS",
        hsnRate: 18,
        quantityMilli: 2000,
        taxablePaise: 100_000,
        igstPaise: 18_000,
      }),
    ]);
    expect(sectionOf(invoice)).toBe(facts.section);
  });

  test("a credit note counts negative; a price adjustment carries no quantity", () => {
    const note = buildDocument({
      role: "outwardNote",
      gstin: REGISTERED_GSTIN,
      pos: "29",
      priceAdjustmentOnly: true,
      lines: [buildLine(200, 18, { inter: true, quantity: 3 })],
    });
    const facts = describeReturnFacts(note, SUPPLIER_GSTIN);
    expect(facts.section).toBe("cdnr");
    expect(facts.sign).toBe(-1);
    expect(facts.lines[0]).toMatchObject({
      quantityMilli: 0,
      taxablePaise: -20_000,
      igstPaise: -3_600,
    });
    expect(sectionOf(note)).toBe("cdnr");
  });

  test("an unregistered customer within the state is b2cs, and a line of no value is left out", () => {
    const sale = buildDocument({
      lines: [buildLine(500, 5), buildLine(0, 18)],
    });
    const facts = describeReturnFacts(sale, SUPPLIER_GSTIN);
    expect(facts).toMatchObject({ section: "b2cs", registered: false, inter: false, pos: "27" });
    expect(facts.lines).toHaveLength(1);
    expect(facts.cgstPaise + facts.sgstPaise).toBe(2_500);
    expect(sectionOf(sale)).toBe("b2cs");
  });

  test("a note to an unregistered person across states depends on the invoices it settles", () => {
    const note = buildDocument({
      role: "outwardNote",
      pos: "29",
      lines: [buildLine(300, 12, { inter: true })],
    });
    expect(dependsOnOriginals(note, "27")).toBe(true);
    expect(describeReturnFacts(note, SUPPLIER_GSTIN).needsOriginals).toBe(true);
    const registered = { ...note, gstin: REGISTERED_GSTIN };
    expect(dependsOnOriginals(registered, "27")).toBe(false);
    const intraState = { ...note, pos: "27", lines: [buildLine(300, 12)] };
    expect(dependsOnOriginals(intraState, "27")).toBe(false);
  });

  test("a missing HSN is a warning candidate at either turnover", () => {
    const invoice = buildDocument({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [buildLine(1000, 18, { inter: true, hsn: null })],
    });
    const facts = describeReturnFacts(invoice, SUPPLIER_GSTIN);
    expect(facts.mayWarn).toBe(true);
    expect(facts.mayWarnSix).toBe(true);
    expect(facts.lines[0]?.hsn).toBe("");
  });
});

describe("the kept return document", () => {
  const invoice = { number: "INV-1", date: "2024-09-01", totalPaise: 118_000 };
  const note = buildDocument({ role: "outwardNote", originalInvoices: [invoice] });

  test("is kept with its invoices' ids and read back with the invoices as they are now", () => {
    const text = encodeKeptDocument(note, ["inv-1"]);
    const kept = decodeKeptDocument(text);
    expect(kept.invoiceIds).toEqual(["inv-1"]);
    expect("originalInvoices" in kept).toBe(false);
    expect(restoreKeptDocument(kept, [invoice])).toEqual(note);
    // The same document keeps the same text (a reclassification compares it).
    expect(encodeKeptDocument(note, ["inv-1"])).toBe(text);
  });

  test.each([
    ["not an object", "[1,2]"],
    ["without invoice ids", JSON.stringify({ ...note, originalInvoices: undefined })],
    [
      "with a line without amounts",
      JSON.stringify({ ...note, invoiceIds: [], lines: [{ description: "x", isService: false }] }),
    ],
    ["of another role", JSON.stringify({ ...note, invoiceIds: [], role: "inwardSupply" })],
  ])("is refused when %s", (_, text) => {
    expect(() => decodeKeptDocument(text)).toThrow(TypeError);
  });
});
