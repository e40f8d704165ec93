import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  GST_PARTIES,
  type GstRegisteredBook,
  salesDocumentPayload,
  setUpGstRegisteredBook,
} from "../../../test/books.ts";

// Issue 40: the dashboard and the profit and loss showed different "sales". Both now show the
// Sales accounts' figure, without GST; the dashboard's with-GST figures are labelled so. A month
// of a GST-registered trader in Maharashtra, March 2025 (year 2024-25, over: the dashboard's date
// is 31-03-2025). By hand:
//   05-03 invoice, Pune Stores (27): 10 × 1,000 at 18 % → taxable 10,000, GST 1,800, total 11,800
//   12-03 invoice, Bengaluru (29): 4 × 500 at 5 % → taxable 2,000, IGST 100, total 2,100
//   20-03 credit note (return), Pune Stores: 1 × 1,000 at 18 % → taxable 1,000, total 1,180
//   25-03 debit note to Pune Stores: 1 × 300 at 18 % → taxable 300, total 354
//   28-03 purchase, Hari Traders (27): 20 × 400 at 18 % → taxable 8,000, total 9,440
// Sales without GST: 10,000 + 2,000 − 1,000 + 300 = 11,300.00
// Invoiced with GST: 11,800 + 2,100 = 13,900.00; net with GST over the month 13,900 − 1,180 + 354
// = 13,074.00. Purchases without GST: 8,000.00.

const YEAR = "2024-25";
let book: GstRegisteredBook<"pune" | "bengaluru" | "hari", "widget">;
let org: string;

async function get(url: string) {
  const response = await book.context.app.inject({
    method: "GET",
    url: `/api/${url}`,
    headers: as(book.owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function add(family: string, payload: Record<string, unknown>) {
  const response = await book.context.app.inject({
    method: "POST",
    url: `/api/${family}/add`,
    headers: as(book.owner),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const line = (quantity: number, rate: number, gstRate: number) => ({
  itemId: book.items.widget,
  quantity,
  rate,
  gstRate,
});

beforeAll(async () => {
  book = await setUpGstRegisteredBook({
    organisation: { name: "Month Traders", startingYear: YEAR },
    accounts: {
      pune: { name: "Pune Stores", nature: "Debtors", stateCode: "27" },
      bengaluru: GST_PARTIES.bengaluruCustomer,
      hari: { name: "Hari Traders", nature: "Creditors", stateCode: "27" },
    },
    items: { widget: { name: "Widget", gstRate: 18 } },
  });
  org = book.organisationId;
  const base = { organisationId: org, year: YEAR };
  await add(
    "salesinvoice",
    salesDocumentPayload({
      ...base,
      date: "2025-03-05",
      party: book.accounts.pune,
      lines: [line(10, 1000, 18)],
    }),
  );
  await add(
    "salesinvoice",
    salesDocumentPayload({
      ...base,
      date: "2025-03-12",
      party: book.accounts.bengaluru,
      pos: "29",
      lines: [line(4, 500, 5)],
    }),
  );
  await add(
    "creditnote",
    salesDocumentPayload({
      ...base,
      date: "2025-03-20",
      party: book.accounts.pune,
      lines: [line(1, 1000, 18)],
      extra: { type: "return" },
    }),
  );
  await add(
    "salesdebitnote",
    salesDocumentPayload({
      ...base,
      date: "2025-03-25",
      party: book.accounts.pune,
      lines: [line(1, 300, 18)],
    }),
  );
  await add(
    "purchases",
    salesDocumentPayload({
      ...base,
      date: "2025-03-28",
      party: book.accounts.hari,
      lines: [line(20, 400, 18)],
    }),
  );
});
afterAll(() => book.context.close());

function tradingGroup(
  pl: { trading: { credit: { name: string; amount: number }[] } },
  name: string,
) {
  return pl.trading.credit.find((group) => group.name === name)?.amount;
}

describe("the dashboard's sales and the profit and loss agree (issue 40)", () => {
  test("the same period gives the same figure without GST; the with-GST figures are apart", async () => {
    const dashboard = await get(
      `dashboard/salesAndPurchaseBillDates?organisationId=${org}&year=${YEAR}`,
    );
    expect(dashboard.period).toEqual({ startDate: "2024-04-01", endDate: "2025-03-31" });
    expect(dashboard.sales).toMatchObject({ excludingGst: 11_300, total: 13_900, count: 2 });
    expect(dashboard.purchases).toMatchObject({ excludingGst: 8_000, total: 9_440 });

    // The P&L over the dashboard's period, and over the month alone: the same Sales.
    const year = await get(
      `reports/profitloss?organisationId=${org}&year=${YEAR}&type=summary&startingDate=2024-04-01&endDate=2025-03-31`,
    );
    const month = await get(
      `reports/profitloss?organisationId=${org}&year=${YEAR}&type=summary&startingDate=2025-03-01&endDate=2025-03-31`,
    );
    expect(tradingGroup(year, "Sales")).toBe(dashboard.sales.excludingGst);
    expect(tradingGroup(month, "Sales")).toBe(11_300);
    const purchases = month.trading.debit.find(
      (group: { name: string }) => group.name === "Purchases",
    );
    expect(purchases?.amount).toBe(dashboard.purchases.excludingGst);

    // The last thirty days (02-03 to 31-03): the chart's figure without GST is the P&L's too.
    const thirty = await get(`dashboard/lastThirtyDaysSales?organisationId=${org}&year=${YEAR}`);
    expect(thirty.totalExcludingGst).toBe(11_300);
    expect(thirty.total).toBe(13_074);
    const byDate = Object.fromEntries(
      thirty.days.map((day: { date: string; excludingGst: number; net: number }) => [
        day.date,
        [day.excludingGst, day.net],
      ]),
    );
    expect(byDate["2025-03-05"]).toEqual([10_000, 11_800]);
    expect(byDate["2025-03-12"]).toEqual([2_000, 2_100]);
    expect(byDate["2025-03-20"]).toEqual([-1_000, -1_180]);
    expect(byDate["2025-03-25"]).toEqual([300, 354]);
    expect(byDate["2025-03-28"]).toEqual([0, 0]);
    // One day's P&L is that day's bar.
    const day = await get(
      `reports/profitloss?organisationId=${org}&year=${YEAR}&type=summary&startingDate=2025-03-20&endDate=2025-03-20`,
    );
    expect(tradingGroup(day, "Sales")).toBe(-1_000);
  });

  test("the P&L's sheet names its Sales and Purchases without GST", async () => {
    const response = await book.context.app.inject({
      method: "GET",
      url: `/api/reports/profitloss?organisationId=${org}&year=${YEAR}&type=summary&startingDate=2025-03-01&endDate=2025-03-31&download=true&format=excel`,
      headers: as(book.owner),
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: unknown[] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(cell.value);
      });
    });
    const at = (label: string) => cells[cells.indexOf(label) + 1];
    expect(at("Sales (excluding GST)")).toBe(11_300);
    expect(at("Purchases (excluding GST)")).toBe(8_000);
  });

  test("a stranger reads neither", async () => {
    for (const url of [
      `dashboard/salesAndPurchaseBillDates?organisationId=${org}&year=${YEAR}`,
      `dashboard/lastThirtyDaysSales?organisationId=${org}&year=${YEAR}`,
    ]) {
      const response = await book.context.app.inject({
        method: "GET",
        url: `/api/${url}`,
        headers: as(book.stranger),
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
