import { describe, expect, test } from "vitest";
import type { ImportAnswer, PurchaseRegister, ReconciliationRow } from "../gstr2.api.ts";
import {
  changeParams,
  excelRequest,
  readGstr2View,
  reconciliationQuery,
  registerQuery,
  toggledStatus,
} from "./gstr2-view.ts";
import {
  canAccept,
  canUnlink,
  importedMessage,
  importsText,
  imsText,
  linkLabel,
  linkStep,
  loneSide,
  matchedItcText,
  pickedMessage,
  reconKeyAction,
  registerTotalsText,
  samePair,
  sideText,
  suggestionText,
  taxOf,
} from "./reconciliation.ts";

const PERIOD = {
  organisationId: "org-1",
  year: "2024-25",
  startDate: "2024-09-01",
  endDate: "2024-09-30",
};

const party = {
  number: "BS-3",
  date: "2024-09-04",
  pos: "27",
  reverseCharge: false,
  taxableValue: 1000,
  igst: 180,
  cgst: 0,
  sgst: 0,
  cess: 0,
  value: 1180,
  supplierName: "Mehta Steel",
};

const DOCUMENT: NonNullable<ReconciliationRow["document"]> = {
  ...party,
  section: "B2B",
  sectionTitle: "B2B",
  itcAvailable: "Y",
  imsAction: null,
  returnPeriod: "092024",
};

const row = (overrides: Partial<ReconciliationRow>): ReconciliationRow => ({
  status: "matched",
  statusTitle: "Matched",
  differences: [],
  differencesText: "",
  suggestedBy: null,
  linkKind: null,
  supplierGstin: "27AAACM1234A1Z1",
  supplierName: "Mehta Steel",
  side: "invoice",
  entryId: "b1",
  documentId: "d1",
  bill: { ...party, transactionType: "purchaseBill" },
  document: DOCUMENT,
  ...overrides,
});

const billOnly = row({ status: "missingIn2b", documentId: null, document: null });
const documentOnly = row({
  status: "missingInBooks",
  entryId: null,
  bill: null,
  documentId: "d9",
  document: { ...DOCUMENT, number: "MS/77" },
});

describe("GSTR-2 view (gstr2-view)", () => {
  test("reconciliation unless ?tab=register; only a known status filters", () => {
    expect(readGstr2View(new URLSearchParams(""))).toEqual({
      tab: "reconciliation",
      status: null,
      page: 1,
    });
    expect(readGstr2View(new URLSearchParams("tab=register&status=suggested&page=2"))).toEqual({
      tab: "register",
      status: "suggested",
      page: 2,
    });
    expect(readGstr2View(new URLSearchParams("status=lost")).status).toBeNull();
  });

  test("a change of address sets and removes keys, keeping the rest", () => {
    const params = new URLSearchParams("period=Sep+2024&tab=register&page=3");
    expect(changeParams(params, { page: null, tab: "reconciliation" }).toString()).toBe(
      "period=Sep+2024&tab=reconciliation",
    );
    expect(params.toString()).toBe("period=Sep+2024&tab=register&page=3");
  });

  test("clicking the chosen status again shows all", () => {
    expect(toggledStatus(null, "suggested")).toBe("suggested");
    expect(toggledStatus("suggested", "suggested")).toBeNull();
    expect(toggledStatus("matched", "suggested")).toBe("suggested");
  });

  test("the register pages by 50 and sends a trimmed search only when typed", () => {
    expect(registerQuery(PERIOD, 2, "  ")).toEqual({ ...PERIOD, skip: 50, limit: 50 });
    expect(registerQuery(PERIOD, 1, " BS-3 ")).toEqual({
      ...PERIOD,
      skip: 0,
      limit: 50,
      search: "BS-3",
    });
    expect(registerQuery(null, 1, "")).toBeNull();
  });

  test("the reconciliation pages by 100 with its status and supplier filters", () => {
    expect(reconciliationQuery(PERIOD, 2, "missingIn2b", " Mehta ")).toEqual({
      ...PERIOD,
      skip: 100,
      limit: 100,
      status: "missingIn2b",
      supplier: "Mehta",
    });
    expect(reconciliationQuery(PERIOD, 1, null, "")).toEqual({ ...PERIOD, skip: 0, limit: 100 });
  });

  test("the Excel files: the differences take the supplier filter, the register does not", () => {
    expect(excelRequest("reconciliation", PERIOD, " Mehta ")).toEqual({
      query: { ...PERIOD, supplier: "Mehta" },
      fileName: "gstr2b-differences.xlsx",
    });
    expect(excelRequest("gstr2transactions", PERIOD, "Mehta")).toEqual({
      query: PERIOD,
      fileName: "gstr2.xlsx",
    });
  });
});

describe("GSTR-2B reconciliation rules (reconciliation)", () => {
  test("tax of a side, and the side a lone row has", () => {
    expect(taxOf({ igst: 1, cgst: 2, sgst: 3, cess: 4 })).toBe(10);
    expect(taxOf(null)).toBeNull();
    expect(loneSide(billOnly)).toBe("bill");
    expect(loneSide(documentOnly)).toBe("document");
    expect(loneSide(row({}))).toBeNull();
  });

  test("accept a suggestion or a match with differences; unlink a pair", () => {
    expect(canAccept(row({ status: "suggested" }))).toBe(true);
    expect(canAccept(row({ status: "matchedWithDifferences" }))).toBe(true);
    expect(canAccept(row({ status: "matched" }))).toBe(false);
    expect(canUnlink(row({}))).toBe(true);
    expect(canUnlink(billOnly)).toBe(false);
  });

  test("a suggestion names its reason; other rows name none", () => {
    expect(suggestionText(row({ status: "suggested", suggestedBy: "billNumber" }))).toBe(
      "Bill number once cleaned",
    );
    expect(suggestionText(row({ status: "suggested", suggestedBy: "amountAndDate" }))).toBe(
      "Amounts and dates",
    );
    expect(suggestionText(row({ status: "suggested", suggestedBy: "earlierPeriod" }))).toBe(
      "Note of an earlier period",
    );
    expect(suggestionText(row({ status: "matched", suggestedBy: null }))).toBe("");
  });

  test("L picks a lone row, then links it with a row missing on the other side", () => {
    expect(linkStep(null, row({}))).toEqual({ kind: "none" });
    expect(linkStep(null, billOnly)).toEqual({ kind: "pick" });
    expect(linkStep(billOnly, billOnly)).toEqual({ kind: "pick" });
    expect(linkStep(billOnly, documentOnly)).toEqual({
      kind: "link",
      entryId: "b1",
      documentId: "d9",
    });
    expect(linkStep(documentOnly, billOnly)).toEqual({
      kind: "link",
      entryId: "b1",
      documentId: "d9",
    });
    expect(linkLabel(null, billOnly)).toBe("Link");
    expect(linkLabel(billOnly, documentOnly)).toBe("Link here");
    expect(linkLabel(billOnly, billOnly)).toBe("Link");
    expect(samePair(billOnly, billOnly)).toBe(true);
    expect(samePair(null, billOnly)).toBe(false);
    expect(samePair(billOnly, documentOnly)).toBe(false);
  });

  test("the keys of a row, whatever their case", () => {
    expect(reconKeyAction("ArrowDown", row({}))).toBe("next");
    expect(reconKeyAction("ArrowUp", row({}))).toBe("previous");
    expect(reconKeyAction("a", row({ status: "suggested" }))).toBe("accept");
    expect(reconKeyAction("A", row({ status: "suggested" }))).toBe("accept");
    expect(reconKeyAction("a", row({ status: "matched" }))).toBeNull();
    expect(reconKeyAction("u", row({}))).toBe("unlink");
    expect(reconKeyAction("u", billOnly)).toBeNull();
    expect(reconKeyAction("l", billOnly)).toBe("link");
    expect(reconKeyAction("Escape", billOnly)).toBe("cancel");
    expect(reconKeyAction("Enter", billOnly)).toBe("open");
    expect(reconKeyAction("Enter", documentOnly)).toBeNull();
    expect(reconKeyAction("x", row({}))).toBeNull();
  });

  test("the messages read as the screen shows them", () => {
    expect(pickedMessage(billOnly)).toBe(
      "Bill BS-3 picked: press L on a row missing on the other side to link it (Esc cancels).",
    );
    expect(pickedMessage(documentOnly)).toMatch(/^GSTR-2B document MS\/77 picked: /);
    expect(sideText(billOnly.bill)).toBe("BS-3 · 04-09-2024");
    expect(sideText(null)).toBe("");
    expect(imsText("noAction")).toBe("IMS no action");
    expect(imsText("later")).toBe("IMS later");
    expect(
      importsText([
        {
          returnPeriod: "092024",
          generatedOn: null,
          fileName: "2b.json",
          documentCount: 3,
          importedAt: "2024-10-15T08:00:00.000Z",
        },
      ]),
    ).toBe("GSTR-2B imported: 092024 (3 documents, 15-10-2024)");
    const answer: ImportAnswer = {
      message: "GSTR-2B 092024 imported: 3 documents.",
      returnPeriod: "092024",
      documentCount: 3,
      keptLinks: 0,
      warnings: [],
      summary: {
        matched: 1,
        matchedWithDifferences: 0,
        suggested: 1,
        missingIn2b: 1,
        missingInBooks: 0,
      },
    };
    expect(importedMessage(answer)).toBe(
      "GSTR-2B 092024 imported: 3 documents. Matched 1, with differences 0, suggested 1, missing in 2B 1, missing in books 0.",
    );
    expect(matchedItcText({ igst: 180, cgst: 0, sgst: 0, cess: 0 })).toMatch(
      /^ITC as per 2B, matched only: IGST ₹?180\.00 · CGST ₹?0\.00 · SGST ₹?0\.00 · Cess ₹?0\.00$/,
    );
    const register: PurchaseRegister = {
      fp: "092024",
      transactions: [],
      count: 3,
      totals: { taxableValue: 3800, value: 4484, igst: 684, cgst: 0, sgst: 0, cess: 0 },
      itc: { igst: 684, cgst: 0, sgst: 0, cess: 0 },
    };
    expect(registerTotalsText(register)).toMatch(
      /^3 entries · Taxable ₹?3,800\.00 · ITC IGST ₹?684\.00 · CGST ₹?0\.00 · SGST ₹?0\.00 · Cess ₹?0\.00$/,
    );
  });
});
