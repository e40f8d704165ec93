import { describe, expect, test } from "vitest";
import {
  findDifferences,
  matchedItc,
  type ReconLink,
  type ReconParty,
  type ReconRow,
  reconcile,
} from "./reconcile.ts";

const SUPPLIER = "29AAGCB7383J1Z4";
const OTHER = "27AAPFU0939F1ZV";

/** ₹10,000 at 18 % intra-state: CGST and SGST ₹900 each. */
function party(id: string, overrides: Partial<ReconParty> = {}): ReconParty {
  return {
    id,
    side: "invoice",
    gstin: SUPPLIER,
    number: "INV-1",
    date: "2024-09-05",
    pos: "27",
    reverseCharge: false,
    taxablePaise: 1_000_000,
    igstPaise: 0,
    cgstPaise: 90_000,
    sgstPaise: 90_000,
    cessPaise: 0,
    ...overrides,
  };
}

const only = (rows: ReconRow[]) => {
  expect(rows).toHaveLength(1);
  return rows[0] as ReconRow;
};

describe("reconcile: each status", () => {
  test("same GSTIN, year, number and amounts: matched", () => {
    const row = only(reconcile([party("b")], [party("d")]));
    expect(row).toEqual({
      status: "matched",
      entryId: "b",
      documentId: "d",
      differences: [],
      suggestedBy: null,
      linkKind: "auto",
    });
  });

  test("the number compares without case and outer spaces", () => {
    const row = only(reconcile([party("b", { number: " inv-1 " })], [party("d")]));
    expect(row.status).toBe("matched");
  });

  test.each([
    [{ cgstPaise: 90_100, sgstPaise: 89_900 }, "matched", []],
    [{ cgstPaise: 90_101 }, "matchedWithDifferences", ["cgst"]],
    [{ sgstPaise: 89_899 }, "matchedWithDifferences", ["sgst"]],
    [{ taxablePaise: 1_000_100 }, "matched", []],
    [{ taxablePaise: 1_000_101 }, "matchedWithDifferences", ["taxableValue"]],
    [{ igstPaise: 101 }, "matchedWithDifferences", ["igst"]],
    [{ cessPaise: 500 }, "matchedWithDifferences", ["cess"]],
    [{ pos: "29" }, "matchedWithDifferences", ["pos"]],
    [{ pos: null }, "matched", []],
    [{ reverseCharge: true }, "matchedWithDifferences", ["reverseCharge"]],
    [
      { pos: "29", igstPaise: 180_000, cgstPaise: 0, sgstPaise: 0 },
      "matchedWithDifferences",
      ["pos", "igst", "cgst", "sgst"],
    ],
  ] as const)("document %o: %s %o (±₹1 per tax counts as matched)", (overrides, status, fields) => {
    const row = only(reconcile([party("b")], [party("d", overrides)]));
    expect(row.status).toBe(status);
    expect(row.differences).toEqual(fields);
    expect(row.entryId).toBe("b");
  });

  test("the bill number equal only once cleaned: suggested", () => {
    const row = only(
      reconcile([party("b", { number: "INV/2024-25/001" })], [party("d", { number: "inv 1" })]),
    );
    expect(row).toMatchObject({
      status: "suggested",
      suggestedBy: "billNumber",
      entryId: "b",
      documentId: "d",
    });
  });

  test("issue 35: 0088/2025-26 in 2B and 88 in the books, 20 days apart: suggested, not missing", () => {
    const row = only(
      reconcile(
        [party("b", { number: "88", date: "2025-06-02" })],
        [party("d", { number: "0088/2025-26", date: "2025-06-22" })],
      ),
    );
    expect(row).toMatchObject({
      status: "suggested",
      suggestedBy: "billNumber",
      entryId: "b",
      documentId: "d",
      differences: [],
      linkKind: null,
    });
  });

  test("a compact year of the bill's own financial year is set aside: 0088/2526 = 88", () => {
    const row = only(
      reconcile(
        [party("b", { number: "88", date: "2025-06-02" })],
        [party("d", { number: "0088/2526", date: "2025-06-30" })],
      ),
    );
    expect(row).toMatchObject({ status: "suggested", suggestedBy: "billNumber" });
  });

  test("cleaned numbers of another supplier are not suggested", () => {
    const rows = reconcile(
      [party("b", { number: "88", date: "2025-06-02", gstin: OTHER })],
      [party("d", { number: "0088/2025-26", date: "2025-06-22" })],
    );
    expect(rows.map((row) => row.status)).toEqual(["missingInBooks", "missingIn2b"]);
  });

  test("a suggestion still names what differs", () => {
    const row = only(
      reconcile([party("b", { number: "INV/001" })], [party("d", { cgstPaise: 50_000 })]),
    );
    expect(row.status).toBe("suggested");
    expect(row.differences).toEqual(["cgst"]);
  });

  test("same number in another financial year: only suggested", () => {
    const row = only(reconcile([party("b", { date: "2024-03-30" })], [party("d")]));
    expect(row).toMatchObject({ status: "suggested", suggestedBy: "billNumber" });
  });

  test.each([
    [0, "suggested"],
    [10, "suggested"],
    [-10, "suggested"],
    [11, "missing"],
    [-11, "missing"],
  ])("different numbers, same amounts, dates %i days apart: %s", (days, outcome) => {
    const date = new Date(Date.UTC(2024, 8, 15 + days)).toISOString().slice(0, 10);
    const rows = reconcile(
      [party("b", { number: "BILL-77", date: "2024-09-15" })],
      [party("d", { number: "X9", date })],
    );
    if (outcome === "suggested") {
      expect(only(rows)).toMatchObject({ status: "suggested", suggestedBy: "amountAndDate" });
    } else {
      expect(rows.map((row) => row.status)).toEqual(["missingInBooks", "missingIn2b"]);
    }
  });

  test("an amount suggestion needs every figure within ±₹1", () => {
    const rows = reconcile(
      [party("b", { number: "BILL-77" })],
      [party("d", { number: "X9", sgstPaise: 90_101 })],
    );
    expect(rows.map((row) => row.status)).toEqual(["missingInBooks", "missingIn2b"]);
  });

  test("another supplier's document never pairs", () => {
    const rows = reconcile([party("b")], [party("d", { gstin: OTHER })]);
    expect(rows).toEqual([
      expect.objectContaining({ status: "missingInBooks", documentId: "d", entryId: null }),
      expect.objectContaining({ status: "missingIn2b", entryId: "b", documentId: null }),
    ]);
  });

  test("a credit note pairs with a debit note of the books, never with a bill", () => {
    const rows = reconcile(
      [party("bill"), party("note", { side: "credit" })],
      [party("cn", { side: "credit" })],
    );
    expect(rows).toEqual([
      expect.objectContaining({ status: "matched", entryId: "note", documentId: "cn" }),
      expect.objectContaining({ status: "missingIn2b", entryId: "bill" }),
    ]);
  });

  test("an import of goods (no GSTIN) pairs with its bill of entry", () => {
    const boe = { gstin: null, number: "1234567", pos: null, cgstPaise: 0, sgstPaise: 0 };
    const row = only(
      reconcile(
        [party("b", { ...boe, igstPaise: 180_000 })],
        [party("d", { ...boe, igstPaise: 180_000 })],
      ),
    );
    expect(row.status).toBe("matched");
  });

  test("each bill pairs once: the nearest date wins, the other is missing in 2B", () => {
    const rows = reconcile(
      [party("far", { date: "2024-09-25" }), party("near", { date: "2024-09-06" })],
      [party("d")],
    );
    expect(rows).toEqual([
      expect.objectContaining({ status: "matched", entryId: "near" }),
      expect.objectContaining({ status: "missingIn2b", entryId: "far" }),
    ]);
  });

  test("two documents with one bill: the second is missing in books", () => {
    const rows = reconcile([party("b")], [party("d1"), party("d2")]);
    expect(rows.map((row) => [row.status, row.documentId, row.entryId])).toEqual([
      ["matched", "d1", "b"],
      ["missingInBooks", "d2", null],
    ]);
  });

  test("empty sides", () => {
    expect(reconcile([], [])).toEqual([]);
    expect(reconcile([party("b")], []).map((row) => row.status)).toEqual(["missingIn2b"]);
    expect(reconcile([], [party("d")]).map((row) => row.status)).toEqual(["missingInBooks"]);
  });
});

describe("reconcile: the user's links", () => {
  const link = (kind: ReconLink["kind"], documentId = "d", entryId = "b"): ReconLink => ({
    documentId,
    entryId,
    kind,
  });

  test("a manual link pairs anything; its status comes from the comparison", () => {
    const bill = party("b", { gstin: OTHER, number: "Z", date: "2024-05-01" });
    expect(only(reconcile([bill], [party("d")], [link("manual")]))).toMatchObject({
      status: "matched",
      linkKind: "manual",
    });
    expect(only(reconcile([bill], [party("d", { cgstPaise: 1 })], [link("manual")]))).toMatchObject(
      { status: "matchedWithDifferences", differences: ["cgst"], linkKind: "manual" },
    );
  });

  test("an accepted suggestion is matched, its differences still named", () => {
    const row = only(
      reconcile(
        [party("b", { number: "INV/001" })],
        [party("d", { cgstPaise: 50_000 })],
        [link("accepted")],
      ),
    );
    expect(row).toMatchObject({ status: "matched", differences: ["cgst"], linkKind: "accepted" });
  });

  test("a link takes the bill before automatic matching can", () => {
    const rows = reconcile([party("b")], [party("d1"), party("d2")], [link("manual", "d2")]);
    expect(rows.map((row) => [row.documentId, row.status, row.entryId])).toEqual([
      ["d1", "missingInBooks", null],
      ["d2", "matched", "b"],
    ]);
  });

  test("an unlinked pair is never made again; another bill may still pair", () => {
    const rows = reconcile([party("b")], [party("d")], [link("rejected")]);
    expect(rows.map((row) => row.status)).toEqual(["missingInBooks", "missingIn2b"]);
    const again = reconcile(
      [party("b"), party("b2", { date: "2024-09-20" })],
      [party("d")],
      [link("rejected")],
    );
    expect(again[0]).toMatchObject({ status: "matched", entryId: "b2" });
  });

  test("links to a bill or document not in the period are ignored", () => {
    const rows = reconcile(
      [party("b")],
      [party("d")],
      [link("manual", "gone", "b"), link("manual", "d", "gone")],
    );
    expect(only(rows)).toMatchObject({ status: "matched", linkKind: "auto" });
  });

  test("a second link to a taken bill is ignored", () => {
    const rows = reconcile(
      [party("b")],
      [party("d1"), party("d2", { number: "OTHER", date: "2024-12-01" })],
      [link("manual", "d1"), link("manual", "d2")],
    );
    expect(rows.map((row) => row.status)).toEqual(["matched", "missingInBooks"]);
  });
});

describe("re-import", () => {
  test("the same file again gives the same rows; a changed document loses only its own pair", () => {
    const bills = [party("b1"), party("b2", { number: "INV-2" })];
    const first = reconcile(bills, [party("d1"), party("d2", { number: "INV-2" })]);
    const second = reconcile(bills, [party("n1"), party("n2", { number: "INV-2" })]);
    expect(second.map((row) => row.status)).toEqual(first.map((row) => row.status));
    const changed = reconcile(bills, [party("n1"), party("n2", { number: "INV-2", cgstPaise: 1 })]);
    expect(changed.map((row) => row.status)).toEqual(["matched", "matchedWithDifferences"]);
  });
});

describe("findDifferences", () => {
  test("nothing differs between a party and itself", () => {
    expect(findDifferences(party("a"), party("b"))).toEqual([]);
  });
});

describe("matchedItc", () => {
  test("matched pairs only; the smaller per head for bills, the larger for notes, notes subtracted", () => {
    const bills = [
      party("b1"),
      party("b2", { number: "INV-2", cgstPaise: 90_050 }),
      party("b3", { number: "INV-3", cgstPaise: 10 }),
      party("n1", { side: "credit", number: "CN-1", cgstPaise: 1_000, sgstPaise: 1_000 }),
      party("b4", { number: "INV-4" }),
      party("b5", { number: "INV-5", igstPaise: 50, cessPaise: 20 }),
    ];
    const documents = [
      { ...party("d1"), itcAvailable: "Y" as const },
      { ...party("d2", { number: "INV-2" }), itcAvailable: "T" as const },
      { ...party("d3", { number: "INV-3" }), itcAvailable: "Y" as const },
      {
        ...party("c1", { side: "credit", number: "CN-1", cgstPaise: 1_050, sgstPaise: 950 }),
        itcAvailable: null,
      },
      { ...party("d4", { number: "INV-4" }), itcAvailable: "N" as const },
      {
        ...party("d5", { number: "INV-5", igstPaise: 40, cessPaise: 30 }),
        itcAvailable: "Y" as const,
      },
    ];
    const rows = reconcile(bills, documents);
    expect(rows.map((row) => row.status)).toEqual([
      "matched",
      "matched",
      "matchedWithDifferences",
      "matched",
      "matched",
      "matched",
    ]);
    const totals = matchedItc(
      rows,
      new Map(bills.map((bill) => [bill.id, bill])),
      new Map(documents.map((document) => [document.id, document])),
    );
    // d1 900 + d2 900 (min of 900.50 and 900) − note 10.50; d4 has no credit; d5 min per head.
    expect(totals).toEqual({
      igst: 40,
      cgst: 90_000 + 90_000 + 90_000 - 1_050,
      sgst: 90_000 + 90_000 + 90_000 - 1_000,
      cess: 20,
    });
  });

  test("rows without both sides, or sides not given, add nothing", () => {
    const rows: ReconRow[] = [
      {
        status: "matched",
        entryId: "x",
        documentId: "y",
        differences: [],
        suggestedBy: null,
        linkKind: "auto",
      },
      {
        status: "missingIn2b",
        entryId: "b",
        documentId: null,
        differences: [],
        suggestedBy: null,
        linkKind: null,
      },
    ];
    expect(matchedItc(rows, new Map(), new Map())).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
  });
});

describe("reconcile: a note of an earlier period (issue 35)", () => {
  /** The books' debit note of August: the supplier's credit note, reported in 2B of December. */
  const bookNote = (overrides: Partial<ReconParty> = {}) =>
    party("note-aug", {
      side: "credit",
      number: "CN-0007",
      date: "2025-08-15",
      taxablePaise: 200_000,
      cgstPaise: 18_000,
      sgstPaise: 18_000,
      ...overrides,
    });
  const twoBNote = (overrides: Partial<ReconParty> = {}) =>
    party("cn-dec", {
      side: "credit",
      number: "CN/25-26/7",
      date: "2025-08-15",
      taxablePaise: 200_050,
      cgstPaise: 18_000,
      sgstPaise: 18_000,
      ...overrides,
    });

  test("a 2B note pairs with an earlier period's note: suggested, the reason named", () => {
    const rows = reconcile(
      [party("dec-bill", { date: "2025-12-03" })],
      [twoBNote()],
      [],
      [bookNote()],
    );
    expect(rows).toEqual([
      {
        status: "suggested",
        entryId: "note-aug",
        documentId: "cn-dec",
        differences: [],
        suggestedBy: "earlierPeriod",
        linkKind: null,
      },
      {
        status: "missingIn2b",
        entryId: "dec-bill",
        documentId: null,
        differences: [],
        suggestedBy: null,
        linkKind: null,
      },
    ]);
  });

  test("the 2B note's date may be months after the book's", () => {
    const row = only(
      reconcile([], [twoBNote({ date: "2025-12-10" })], [], [bookNote({ date: "2025-07-31" })]),
    );
    expect(row).toMatchObject({ status: "suggested", suggestedBy: "earlierPeriod" });
  });

  test.each([
    ["amounts beyond ±₹1", { taxablePaise: 199_949 }],
    ["another number", { number: "CN-8" }],
    ["another supplier", { gstin: OTHER }],
    ["an invoice, not a note", { side: "invoice" as const }],
  ])("not with %s", (_, overrides) => {
    const rows = reconcile([], [twoBNote()], [], [bookNote(overrides)]);
    expect(rows.map((row) => row.status)).toEqual(["missingInBooks"]);
  });

  test("the period's own books come first; an earlier note unused gives no row", () => {
    const rows = reconcile(
      [bookNote({ id: "note-dec", date: "2025-12-02" })],
      [twoBNote()],
      [],
      [bookNote()],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entryId: "note-dec", suggestedBy: "billNumber" });
  });

  test("a pair the user unlinked is not suggested again; the latest earlier note is preferred", () => {
    const rejected: ReconLink[] = [{ documentId: "cn-dec", entryId: "note-aug", kind: "rejected" }];
    const older = bookNote({ id: "note-may", date: "2025-05-20" });
    const rows = reconcile([], [twoBNote()], rejected, [bookNote(), older]);
    expect(only(rows)).toMatchObject({ entryId: "note-may", suggestedBy: "earlierPeriod" });
    const both = reconcile([], [twoBNote()], [], [older, bookNote()]);
    expect(only(both).entryId).toBe("note-aug");
  });
});
