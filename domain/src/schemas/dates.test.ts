import { describe, expect, it } from "vitest";
import {
  FundTransferInput,
  JournalEntryInput,
  PaymentInput,
  ReceiptInput,
} from "./account-entries.ts";
import {
  booksDateProblem,
  CivilDateText,
  DATE_RANGE_MESSAGES,
  FinancialYearText,
  isBooksDate,
} from "./dates.ts";
import { PurchaseInput, SalesInvoiceInput } from "./document-entries.ts";
import { ListFilter } from "./list-filter.ts";
import { ReturnPeriodQuery } from "./return-queries.ts";
import {
  buildDocument,
  buildFundTransfer,
  buildJournal,
  buildPayment,
  buildReceipt,
  ORG,
} from "./test-payloads.ts";

const DATE_MESSAGE = "Date must be a real date in the form YYYY-MM-DD.";

describe("CivilDateText", () => {
  it.each(["2024-02-29", "2025-03-31", "2000-02-29", "2024-12-01"])("accepts %s", (date) => {
    expect(CivilDateText.parse(date)).toBe(date);
  });

  it.each([
    "2025-02-29",
    "2025-02-30",
    "2024-04-31",
    "2100-02-29",
    "2025-13-01",
    "2025-1-5",
    "05-01-2025",
    "",
    "2025-01-01T00:00",
  ])("refuses %s", (date) => {
    const result = CivilDateText.safeParse(date);
    expect(result.error?.issues[0]?.message).toBe(DATE_MESSAGE);
  });

  it("refuses a non-string", () => {
    expect(CivilDateText.safeParse(20250101).success).toBe(false);
  });
});

describe("FinancialYearText", () => {
  it.each(["2024-25", "2021-22", "2029-30", "1999-00"])("accepts %s", (year) => {
    expect(FinancialYearText.parse(year)).toBe(year);
  });

  it.each([
    ["2024-26", "The second part of the year must be the next year, like 2024-25."],
    ["2024-24", "The second part of the year must be the next year, like 2024-25."],
    ["2024-2025", "Year must be a financial year like 2024-25."],
    ["24-25", "Year must be a financial year like 2024-25."],
    ["", "Year must be a financial year like 2024-25."],
    [2024, "Year must be a financial year like 2024-25."],
  ])("refuses %s: %s", (year, message) => {
    expect(FinancialYearText.safeParse(year).error?.issues.map((i) => i.message)).toEqual([
      message,
    ]);
  });
});

// Issue 26: every date the books take lies within the years Bahi keeps (spec 3: 2021-22 to
// 2029-30), not only report dates: vouchers, documents, list filters and return periods.
describe("dates outside the kept financial years are refused wherever a date is taken", () => {
  const outside = [
    ["2019-20", "2019-05-01"],
    ["2030-31", "2030-04-01"],
    ["2031-32", "2031-06-15"],
  ] as const;

  it.each(outside)("a voucher or document of %s dated %s", (year, date) => {
    for (const [schema, payload] of [
      [SalesInvoiceInput, buildDocument({ year, date })],
      [PurchaseInput, buildDocument({ year, date })],
      [ReceiptInput, buildReceipt({ year, date })],
      [PaymentInput, buildPayment({ year, date })],
      [FundTransferInput, buildFundTransfer({ year, date })],
      [JournalEntryInput, buildJournal({ year, date })],
    ] as const) {
      const issues = schema.safeParse(payload).error?.issues ?? [];
      expect(issues).toContainEqual(
        expect.objectContaining({ path: ["date"], message: DATE_RANGE_MESSAGES.books }),
      );
    }
  });

  it("the first and last days kept are accepted", () => {
    expect(
      JournalEntryInput.safeParse(buildJournal({ year: "2021-22", date: "2021-04-01" })).success,
    ).toBe(true);
    expect(
      JournalEntryInput.safeParse(buildJournal({ year: "2029-30", date: "2030-03-31" })).success,
    ).toBe(true);
  });

  it("a list filter's and a return period's dates", () => {
    expect(ListFilter.safeParse({ dateFrom: "2035-01-01" }).error?.issues[0]?.message).toBe(
      DATE_RANGE_MESSAGES.books,
    );
    const period = ReturnPeriodQuery.safeParse({
      organisationId: ORG,
      year: "2020-21",
      startDate: "2020-04-01",
      endDate: "2020-04-30",
    });
    expect(period.error?.issues.map((issue) => issue.message)).toContain(DATE_RANGE_MESSAGES.books);
  });
});

describe("isBooksDate and booksDateProblem (dates read from imported files, issue 26)", () => {
  it("keeps 01-04-2021 to 31-03-2030 and names a date outside as the file wrote it", () => {
    expect(isBooksDate("2021-04-01")).toBe(true);
    expect(isBooksDate("2030-03-31")).toBe(true);
    expect(isBooksDate("2021-03-31")).toBe(false);
    expect(isBooksDate("2030-04-01")).toBe(false);
    expect(booksDateProblem("2025-06-01")).toBeNull();
    expect(booksDateProblem("9999-12-31", "31/12/9999")).toBe(
      'The date "31/12/9999" is outside the financial years Bahi keeps, 2021-22 to 2029-30 (01-04-2021 to 31-03-2030).',
    );
    expect(booksDateProblem("2019-05-01")).toContain('"2019-05-01"');
  });
});
