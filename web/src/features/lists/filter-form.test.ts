import { LIST_FILTER_MESSAGES, selectFilterFields } from "@bahi/domain";
import { describe, expect, test } from "vitest";
import { describeFilterChips } from "./filter-chips.ts";
import {
  applyFilterDraft,
  draftFromFilters,
  listAllowedNatures,
  NATURE_RESTRICTION_NOTE,
  NO_ACCOUNT_FOUND,
} from "./filter-form.ts";

const OPTIONS = { year: "2025-26", today: "2025-11-21" };
const apply = (draft: Parameters<typeof applyFilterDraft>[0]) => applyFilterDraft(draft, OPTIONS);

describe("filter dialog validation (spec 5 'List filter dialog')", () => {
  test("Date From later than Date To", () => {
    expect(apply({ dateFrom: "02-06-2025", dateTo: "1/6/25" })).toEqual({
      ok: false,
      errors: {
        dateFrom: "Date From cannot be later than Date To. Please select a valid date range.",
      },
    });
  });

  test("Amount From greater than Amount To", () => {
    expect(apply({ amountFrom: "1,000", amountTo: "999.99" })).toEqual({
      ok: false,
      errors: {
        amountFrom:
          "Amount From cannot be greater than Amount To. Please select a valid amount range.",
      },
    });
  });

  test("Narration over 1000 characters", () => {
    expect(apply({ narration: "x".repeat(1001) })).toEqual({
      ok: false,
      errors: { narration: LIST_FILTER_MESSAGES.narration },
    });
    expect(LIST_FILTER_MESSAGES.narration).toBe(
      "Narration cannot exceed 1000 characters. Please reduce the text before applying the filter.",
    );
    expect(apply({ narration: "x".repeat(1000) }).ok).toBe(true);
  });

  test("trims text, drops non-numeric amounts and every default", () => {
    expect(
      apply({
        partyName: "  Ravi  ",
        amountFrom: "abc",
        amountTo: "2,500.5",
        rcmApplicable: "both",
        side: "both",
        transactionType: "all",
        notes: "   ",
        statusFilters: [],
        debitAccountIds: [],
        customFields: { f1: "", f2: "true" },
      }),
    ).toEqual({
      ok: true,
      filters: { partyName: "Ravi", amountTo: 2500.5, customFields: { f2: "true" } },
    });
  });

  test("nothing left clears the filter", () => {
    expect(apply({ rcmApplicable: "both", partyName: " " })).toEqual({
      ok: true,
      filters: undefined,
    });
  });

  test("dates are typed as dd-MM-yyyy and read by the date input's rules", () => {
    expect(apply({ dateFrom: "1-4-25", dateTo: "31.3.2026" })).toEqual({
      ok: true,
      filters: { dateFrom: "2025-04-01", dateTo: "2026-03-31" },
    });
    expect(apply({ dateFrom: "31-04-2025" })).toEqual({
      ok: false,
      errors: { dateFrom: "Invalid Date. Reverted to old date." },
    });
    expect(apply({ dateTo: "01-04-2024" })).toEqual({
      ok: false,
      errors: { dateTo: "Date should be within current financial year." },
    });
  });

  test("custom date fields too", () => {
    expect(
      applyFilterDraft(
        { customFields: { d1: "5-5-25", t1: "Pune" } },
        { ...OPTIONS, dateCustomFields: ["d1"] },
      ),
    ).toEqual({ ok: true, filters: { customFields: { d1: "2025-05-05", t1: "Pune" } } });
  });

  test("an applied filter comes back into the dialog", () => {
    expect(
      draftFromFilters(
        {
          amountFrom: 100,
          dateFrom: "2025-04-01",
          receivedFromAccountIds: ["a"],
          customFields: { d1: "2025-05-05" },
        },
        ["d1"],
      ),
    ).toEqual({
      amountFrom: "100",
      dateFrom: "01-04-2025",
      receivedFromAccountIds: ["a"],
      customFields: { d1: "05-05-2025" },
    });
    expect(draftFromFilters(undefined)).toEqual({});
  });
});

describe("fields per type (spec 5)", () => {
  const regular = { billWiseEntry: true, gstRegistered: true, gstRegType: "regular" };
  const plain = { billWiseEntry: false, gstRegistered: false, gstRegType: "" };
  const fieldsOf = (type: Parameters<typeof selectFilterFields>[0], context = regular) =>
    selectFilterFields(type, context).map((spec) => spec.field);

  test("GSTIN and RCM only for GST-registered regular organisations", () => {
    expect(fieldsOf("salesInvoice")).toEqual(expect.arrayContaining(["gstin", "rcmApplicable"]));
    expect(fieldsOf("salesInvoice", plain)).not.toContain("gstin");
    expect(fieldsOf("salesInvoice", plain)).not.toContain("rcmApplicable");
  });

  test("customer name on sales-like documents, supplier name on purchases", () => {
    const label = (type: Parameters<typeof selectFilterFields>[0]) =>
      selectFilterFields(type, regular).find((spec) => spec.field === "partyName")?.label;
    expect(label("salesInvoice")).toBe("Customer Name");
    expect(label("purchases")).toBe("Supplier Name");
    expect(label("purchaseOrder")).toBe("Supplier Name");
  });

  test("notes hidden for purchases, receipt, payment, fund transfer, journal and purchase order", () => {
    for (const type of [
      "purchases",
      "receipts",
      "payments",
      "fundTransfer",
      "journalEntry",
      "purchaseOrder",
    ] as const) {
      expect(fieldsOf(type)).not.toContain("notes");
    }
    expect(fieldsOf("salesInvoice")).toContain("notes");
  });

  test("account pickers and their natures", () => {
    expect(NATURE_RESTRICTION_NOTE).toBe(
      "You’ll only see accounts of these specific types here, as they’re the only ones allowed.",
    );
    expect(NO_ACCOUNT_FOUND).toBe("No Account Found");
    const natures = (type: Parameters<typeof selectFilterFields>[0], field: string) =>
      listAllowedNatures(
        selectFilterFields(type, regular).find((spec) => spec.field === field)?.natures ?? null,
      );
    expect(natures("receipts", "receivedAccountId")).toEqual(["Cash", "Bank", "Bank OD/CC"]);
    expect(natures("fundTransfer", "transferTo")).toEqual(["Cash", "Bank", "Bank OD/CC"]);
    expect(natures("salesInvoice", "account")).toEqual([
      "Cash",
      "Bank",
      "Bank OD/CC",
      "Debtors",
      "Creditors",
    ]);
    const debit = natures("journalEntry", "debitAccountIds");
    expect(debit).not.toContain("Cash");
    expect(debit).not.toContain("Bank");
    expect(debit).toContain("Debtors");
  });
});

describe("applied filter chips (spec 2.5)", () => {
  test("one removable chip per filter, custom fields each on their own", () => {
    const fields = selectFilterFields("receipts", {
      billWiseEntry: false,
      gstRegistered: false,
      gstRegType: "",
    });
    const chips = describeFilterChips(
      {
        amountFrom: 1000,
        dateFrom: "2025-04-01",
        receivedAccountId: "bank",
        receivedFromAccountIds: ["ravi", "sharma"],
        customFields: { f1: "true", f2: "Mumbai" },
      },
      {
        fields,
        accountNames: new Map([
          ["bank", "HDFC Bank"],
          ["ravi", "Ravi Stores"],
          ["sharma", "Sharma & Sons"],
        ]),
        customFieldNames: new Map([
          ["f1", "Urgent"],
          ["f2", "Branch"],
        ]),
        partySide: null,
      },
    );
    expect(chips.map((chip) => chip.label)).toEqual([
      "Date From: 01-04-2025",
      "Amount From: 1,000.00",
      "Received In: HDFC Bank",
      "Received From: Ravi Stores, Sharma & Sons",
      "Urgent: Yes",
      "Branch: Mumbai",
    ]);
    expect(chips[4]).toMatchObject({ field: "customFields", customFieldId: "f1" });
  });

  test("statuses read as on the list", () => {
    const chips = describeFilterChips(
      { statusFilters: ["pending", "partial"], rcmApplicable: "yes", placeOfSupply: "27" },
      {
        fields: selectFilterFields("purchases", {
          billWiseEntry: true,
          gstRegistered: true,
          gstRegType: "regular",
        }),
        accountNames: new Map(),
        customFieldNames: new Map(),
        partySide: "supplier",
      },
    );
    expect(chips.map((chip) => chip.label)).toEqual([
      "Place of Supply: 27 - Maharashtra",
      "RCM: Yes",
      "Status: Pending, Partly Paid",
    ]);
  });
});
