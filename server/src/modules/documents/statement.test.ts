import { describe, expect, test } from "vitest";
import { buildStatementDocument, type StatementSource } from "./statement.ts";

const source = (endDate: string, today?: string): StatementSource => ({
  organisation: { name: "Gupta Traders", billingAddress: null, gstin: null },
  account: { name: "Asha Traders", billingAddress: null, gstin: null },
  startDate: "2026-04-01",
  endDate,
  openingBalance: { amount: 0, type: "dr" },
  closingBalance: { amount: 7_990, type: "dr" },
  totalDebit: 7_990,
  totalCredit: 0,
  entries: [],
  openBills: [
    {
      invoiceNumber: "INV-7",
      date: "2026-11-05",
      dueDate: "2026-11-20",
      totalAmount: 7_990,
      pendingAmt: 7_990,
    },
  ],
  ...(today ? { today } : {}),
});

describe("the statement's open bills and their age (issue 40)", () => {
  test("a statement to the year's end ages its bills to today, not to a day still to come", () => {
    const statement = buildStatementDocument(source("2027-03-31", "2026-11-29"));
    expect(statement.openBillsAsAt).toBe("29-11-2026");
    expect(statement.openBills).toEqual([
      expect.objectContaining({ number: "INV-7", pending: "7,990.00", ageDays: 24 }),
    ]);
  });
  test("a statement ending before today ages them to its end date", () => {
    const statement = buildStatementDocument(source("2026-11-30", "2027-01-10"));
    expect(statement.openBillsAsAt).toBe("30-11-2026");
    expect(statement.openBills[0]?.ageDays).toBe(25);
  });
});
