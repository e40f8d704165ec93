import { describe, expect, it } from "vitest";
import { LIST_FILTER_FIELDS } from "../vouchers/list-filter-fields.ts";
import {
  cleanListFilters,
  LIST_FILTER_MESSAGES,
  ListFilter,
  ListFilterJson,
} from "./list-filter.ts";

describe("cleanListFilters (spec 5, on apply)", () => {
  it.each([
    ["nothing", undefined, undefined],
    ["null", null, undefined],
    ["an empty object", {}, undefined],
    [
      "only defaults and blanks",
      {
        rcmApplicable: "both",
        side: "both",
        transactionType: "all",
        partyName: "   ",
        gstin: "",
        amountFrom: "",
        amountTo: null,
        statusFilters: [],
        debitAccountIds: [" "],
        customFields: { "cf-1": "", "cf-2": "  ", "cf-3": null },
      },
      undefined,
    ],
    [
      "trimmed text and uppercased GSTIN",
      { partyName: "  Asha Traders ", gstin: " 27aapfu0939f1zv ", narration: " rent " },
      { partyName: "Asha Traders", gstin: "27AAPFU0939F1ZV", narration: "rent" },
    ],
    [
      "amounts parsed, commas stripped, rounded to paise; non-numeric dropped",
      { amountFrom: "1,00,000.505", amountTo: "abc" },
      { amountFrom: 100000.51 },
    ],
    [
      "rounded half away from zero on the exact decimal (1.005 * 100 is 100.49999…)",
      { amountFrom: "1.005", amountTo: 2.675 },
      { amountFrom: 1.01, amountTo: 2.68 },
    ],
    ["negative amounts rounded the same way", { amountFrom: "-1.005" }, { amountFrom: -1.01 }],
    ["large whole amounts kept", { amountTo: "1e15" }, { amountTo: 1e15 }],
    [
      "numeric amounts kept",
      { amountFrom: 0, amountTo: 250.5 },
      { amountFrom: 0, amountTo: 250.5 },
    ],
    [
      "infinite amounts dropped",
      { amountFrom: Number.POSITIVE_INFINITY, amountTo: "1e400" },
      undefined,
    ],
    [
      "non-default choices kept",
      { rcmApplicable: "yes", side: "debit", transactionType: "b2b" },
      { rcmApplicable: "yes", side: "debit", transactionType: "b2b" },
    ],
    [
      "lists trimmed and de-duplicated",
      { statusFilters: ["pending", "partial", "pending"], creditAccountIds: [" a ", "a", "b"] },
      { statusFilters: ["pending", "partial"], creditAccountIds: ["a", "b"] },
    ],
    [
      "custom fields with values kept",
      { customFields: { "cf-1": " true ", "cf-2": "" } },
      { customFields: { "cf-1": "true" } },
    ],
  ])("%s", (_name, draft, cleaned) => {
    expect(cleanListFilters(draft)).toEqual(cleaned);
  });
});

describe("ListFilter (spec 5 messages)", () => {
  it.each([
    [{ dateFrom: "2024-05-02", dateTo: "2024-05-01" }, "dateFrom", LIST_FILTER_MESSAGES.dateRange],
    [{ amountFrom: 500, amountTo: 499.99 }, "amountFrom", LIST_FILTER_MESSAGES.amountRange],
    [{ narration: "x".repeat(1001) }, "narration", LIST_FILTER_MESSAGES.narration],
    [{ statusFilters: ["overdue"] }, "statusFilters.0", undefined],
    [{ rcmApplicable: "maybe" }, "rcmApplicable", undefined],
    [{ placeOfSupply: "MH" }, "placeOfSupply", "State must be a two-digit GST state code."],
    [{ placeOfSupply: "28" }, "placeOfSupply", "This is not a GST state code."],
    [{ gstin: "27AAPFU0939F1ZVX" }, "gstin", "GSTIN should be of exactly 15 characters."],
  ])("%j -> %s", (filter, path, message) => {
    const issue = ListFilter.safeParse(filter).error?.issues[0];
    expect(issue?.path.join(".")).toBe(path);
    if (message !== undefined) expect(issue?.message).toBe(message);
  });

  it("has exactly the fields of spec 3's Filter object", () => {
    expect(Object.keys(ListFilter.shape)).toEqual([...LIST_FILTER_FIELDS]);
  });

  it("quotes the spec verbatim", () => {
    expect(LIST_FILTER_MESSAGES).toEqual({
      dateRange: "Date From cannot be later than Date To. Please select a valid date range.",
      amountRange:
        "Amount From cannot be greater than Amount To. Please select a valid amount range.",
      narration:
        "Narration cannot exceed 1000 characters. Please reduce the text before applying the filter.",
    });
  });

  it("accepts equal bounds, 1000 characters of narration, and every field at once", () => {
    const filter = {
      dateFrom: "2024-05-01",
      dateTo: "2024-05-01",
      amountFrom: 10,
      amountTo: 10,
      account: "acc-1",
      gstin: "27AAPFU",
      invoiceNumber: "INV-1",
      placeOfSupply: "27",
      rcmApplicable: "no",
      notes: "n",
      narration: "x".repeat(1000),
      partyName: "Asha",
      paidAccountId: "acc-cash",
      receivedAccountId: "acc-bank",
      debitAccountIds: ["a"],
      creditAccountIds: ["b"],
      transferFrom: "acc-cash",
      transferTo: "acc-bank",
      receivedFromAccountIds: ["c"],
      paymentForAccountIds: ["d"],
      side: "credit",
      transactionType: "b2c",
      customFields: { "cf-1": "true" },
      statusFilters: ["pending", "received", "paid"],
    };
    expect(ListFilter.parse(filter)).toEqual(filter);
  });
});

describe("ListFilterJson (the list call's filters value)", () => {
  it.each([
    ["", undefined],
    ["  ", undefined],
    ["null", undefined],
    ['{"rcmApplicable":"both","partyName":""}', undefined],
    ['{"partyName":" Asha ","amountFrom":"1,000"}', { partyName: "Asha", amountFrom: 1000 }],
  ])("%s -> %j", (text, filter) => {
    expect(ListFilterJson.parse(text)).toEqual(filter);
  });

  it.each([
    ["{not json", "Filters must be JSON text."],
    ['{"dateFrom":"2024-06-01","dateTo":"2024-05-01"}', LIST_FILTER_MESSAGES.dateRange],
    ['{"debitAccountIds":"acc-1"}', "Invalid input: expected array, received string"],
  ])("refuses %s", (text, message) => {
    expect(ListFilterJson.safeParse(text).error?.issues[0]?.message).toBe(message);
  });
});
