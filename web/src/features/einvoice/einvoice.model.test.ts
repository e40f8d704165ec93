import { describe, expect, test } from "vitest";
import { ApiError } from "../../api/http.ts";
import type { EInvoiceList, EInvoiceRow } from "./einvoice.api.ts";
import {
  ackLine,
  allSelected,
  CANCEL_REASON_OPTIONS,
  COUNT_ORDER,
  cancelBody,
  cancelTitle,
  canDownloadPeriod,
  downloadQuery,
  isSelectable,
  refusalOfDownload,
  refusalOfImport,
  STATE_LABELS,
  selectableIds,
  selectedButtonLabel,
  toggleSelection,
} from "./einvoice.model.ts";

const row = (entryId: string, state: EInvoiceRow["state"]): EInvoiceRow => ({
  entryId,
  voucherType: "salesInvoice",
  docType: "INV",
  number: entryId.toUpperCase(),
  date: "2025-09-10",
  partyName: "Bengaluru Systems",
  totalAmount: 1180,
  state,
  reason: null,
  irn: null,
  ackNo: null,
  ackDate: null,
  exportedAt: null,
  cancelledAt: null,
  cancelReason: null,
  problems: [],
});

const DOCUMENTS = [
  row("inv-1", "needsIrn"),
  row("inv-2", "exported"),
  row("inv-3", "registered"),
  row("inv-4", "cancelled"),
  row("inv-5", "notApplicable"),
];

const PERIOD = {
  organisationId: "org-1",
  year: "2025-26",
  startDate: "2025-09-01",
  endDate: "2025-09-30",
};

describe("e-invoice: choosing documents for the JSON", () => {
  test("only documents without an IRN can be chosen", () => {
    expect(DOCUMENTS.filter(isSelectable).map((item) => item.state)).toEqual([
      "needsIrn",
      "exported",
    ]);
    expect(selectableIds(DOCUMENTS)).toEqual(["inv-1", "inv-2"]);
  });

  test("Select all is ticked when everything choosable is chosen, never for nothing", () => {
    expect(allSelected(DOCUMENTS, ["inv-1"])).toBe(false);
    expect(allSelected(DOCUMENTS, ["inv-1", "inv-2"])).toBe(true);
    expect(allSelected([row("inv-3", "registered")], [])).toBe(false);
    expect(allSelected([], [])).toBe(false);
  });

  test("ticking adds the document, clearing takes it off", () => {
    expect(toggleSelection(["inv-1"], "inv-2", true)).toEqual(["inv-1", "inv-2"]);
    expect(toggleSelection(["inv-1", "inv-2"], "inv-1", false)).toEqual(["inv-2"]);
  });

  test("the buttons: the count chosen, and the period's JSON only when something needs an IRN", () => {
    expect(selectedButtonLabel(2)).toBe("Download JSON of selected (2)");
    const list = (needsIrn: number): EInvoiceList => ({
      provider: "offline",
      eInvoiceFrom: "2025-04-01",
      counts: { needsIrn, exported: 0, registered: 0, cancelled: 0, notApplicable: 0 },
      documents: [],
    });
    expect(canDownloadPeriod(undefined)).toBe(false);
    expect(canDownloadPeriod(list(0))).toBe(false);
    expect(canDownloadPeriod(list(3))).toBe(true);
  });

  test("the download asks for the documents chosen, or for the period", () => {
    expect(downloadQuery(PERIOD, ["inv-1"])).toEqual({
      organisationId: "org-1",
      entryIds: ["inv-1"],
    });
    expect(downloadQuery(PERIOD, null)).toEqual(PERIOD);
  });
});

describe("e-invoice: refusals", () => {
  test("a download refused with reasons lists them; any other failure is not a refusal", () => {
    const refused = new ApiError(422, "2 documents cannot go to the IRP yet", [
      { path: "inv-1", message: "Sales Invoice INV-1: The party's billing pincode is missing." },
      { path: "inv-2", message: "Sales Invoice INV-2: The HSN code is missing." },
    ]);
    expect(refusalOfDownload(refused)).toEqual({
      message: "2 documents cannot go to the IRP yet",
      lines: [
        "Sales Invoice INV-1: The party's billing pincode is missing.",
        "Sales Invoice INV-2: The HSN code is missing.",
      ],
    });
    expect(refusalOfDownload(new ApiError(500, "Something went wrong."))).toBeNull();
    expect(refusalOfDownload(new Error("offline"))).toBeNull();
  });

  test("an IRP answer: rows not matched (by number, else IRN) and rows left out", () => {
    const answer = {
      success: true,
      message: "1 registered",
      registered: [],
      unmatched: [
        { irn: "abc", number: "INV-9", message: "No such invoice." },
        { irn: "def", number: null, message: "No such IRN." },
      ],
      problems: ["Row 4: no IRN."],
    };
    expect(refusalOfImport(answer)).toEqual({
      message: "Some rows of the file were not imported:",
      lines: ["INV-9: No such invoice.", "def: No such IRN.", "Row 4: no IRN."],
    });
    expect(refusalOfImport({ ...answer, unmatched: [], problems: undefined })).toBeNull();
  });
});

describe("e-invoice: rows, counts and cancellation", () => {
  test("the counts follow the states' order, each with its label", () => {
    expect(COUNT_ORDER.map((state) => STATE_LABELS[state])).toEqual([
      "Needs IRN",
      "JSON exported",
      "Registered",
      "Cancelled",
      "Not applicable",
    ]);
  });

  test("the acknowledgement line shows once the IRP acknowledged", () => {
    expect(ackLine({ ackNo: null, ackDate: null })).toBeNull();
    expect(ackLine({ ackNo: "1125", ackDate: "2025-09-12 10:00:00" })).toBe(
      "Ack No 1125 · 2025-09-12 10:00:00",
    );
  });

  test("the cancellation: the IRP's reasons, the title and the body sent", () => {
    expect(CANCEL_REASON_OPTIONS).toContainEqual({ value: "2", label: "2 Data entry mistake" });
    expect(cancelTitle({ number: "INV-1" })).toBe("Cancel the IRN of INV-1");
    expect(cancelTitle(null)).toBe("Cancel the IRN of ");
    expect(
      cancelBody({ organisationId: "org-1", entryId: "inv-3", reason: "2", remark: "  typo " }),
    ).toEqual({ organisationId: "org-1", entryId: "inv-3", reason: 2, remark: "typo" });
    expect(
      cancelBody({ organisationId: "org-1", entryId: undefined, reason: "1", remark: "  " }),
    ).toEqual({ organisationId: "org-1", entryId: "", reason: 1 });
  });
});
