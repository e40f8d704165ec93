import { daysBefore, expect, financialYearOf, indiaToday, openBooks, test } from "./support.ts";

// The dashboard of the open year, whose date is today: nine sales invoices of 1 × ₹1,000 at 18 %
// (₹1,180 each, ₹10,620 in all) on the last nine days, then two receipts of ₹1,000 into Cash.
// The last ten transactions are the two receipts and the eight newest invoices: the first
// invoice entered is not among them.

test("the dashboard shows the year's sales, cash, the last thirty days' sales as a chart, dues and the last ten transactions", async ({
  page,
}) => {
  const today = indiaToday();
  const year = financialYearOf(today);
  const books = await openBooks(page, "Dashboard Traders", { startingYear: year });
  const { api } = books;
  const ravi = await api.account({
    name: "Ravi Stores",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const cash = await api.accountNamed("Cash");
  const widget = await api.item({ name: "Widget", type: "goods", gstRate: 18, uom: "NOS" });
  const yearStart = `${year.slice(0, 4)}-04-01`;
  const invoices: string[] = [];
  for (let back = 8; back >= 0; back -= 1) {
    const date = daysBefore(today, back) < yearStart ? yearStart : daysBefore(today, back);
    invoices.push(
      await api.itemDocument("salesinvoice", {
        year,
        date,
        partyId: ravi,
        lines: [{ itemId: widget, quantity: 1, rate: 1000 }],
      }),
    );
  }
  const receipts: string[] = [];
  for (const narration of ["First part", "Second part"]) {
    receipts.push(
      await api.voucher("receipts", {
        year,
        date: today,
        receivedAccountId: cash,
        receivedAmount: 1000,
        entries: [{ accountId: ravi, amount: 1000 }],
        narration,
      }),
    );
  }

  await page.goto(books.path(year, "dashboard"));
  await expect(page.getByRole("heading", { level: 1, name: books.organisationName })).toBeVisible();

  // Issue 40: the card leads with the P&L's figure, without GST; the invoices' total says GST.
  const sales = page.getByRole("region", { name: "Sales", exact: true });
  await expect(sales).toContainText("Sales (excluding GST)₹ 9,000.00");
  await expect(sales).toContainText("Invoiced (including GST): ₹ 10,620.00");
  await expect(sales).toContainText("9 invoices this year");
  await expect(sales.getByRole("link", { name: "Sales list" })).toHaveAttribute(
    "href",
    books.path(year, "sales/list"),
  );
  const cashAndBank = page.getByRole("region", { name: "Cash and Bank" });
  await expect(cashAndBank.getByRole("link", { name: "Cash" })).toBeVisible();
  await expect(cashAndBank).toContainText("2,000.00 Dr");
  const dues = page.getByRole("region", { name: "Dues", exact: true });
  await expect(dues).toContainText("10,620.00");

  // The last thirty days' sales as a bar chart, with their total.
  const lastThirty = page.getByRole("region", { name: "Last 30 Days Sales" });
  await expect(lastThirty).toContainText("Sales (excluding GST) ₹ 9,000.00");
  await expect(lastThirty).toContainText("Including GST (net of notes): ₹ 10,620.00");
  const chart = lastThirty.getByRole("figure", { name: /^Sales \(excluding GST\) per day/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator(".recharts-bar-rectangle path")).not.toHaveCount(0);
  await expect(page.getByRole("region", { name: "Dues chart" }).getByRole("figure")).toBeVisible();

  // The last ten transactions: newest first, each a link to its edit screen.
  const lastTen = page.getByRole("table", { name: "Last 10 Transactions" });
  await expect(lastTen.locator("tbody tr")).toHaveCount(10);
  await expect(lastTen.locator("tbody tr").first()).toContainText("Receipt");
  await expect(
    lastTen.locator(`a[href="${books.path(year, `receipt/edit/${receipts[1]}`)}"]`),
  ).toBeVisible();
  await expect(
    lastTen.locator(`a[href="${books.path(year, `sales/edit/${invoices[1]}`)}"]`),
  ).toBeVisible();
  await expect(
    lastTen.locator(`a[href="${books.path(year, `sales/edit/${invoices[0]}`)}"]`),
  ).toHaveCount(0);
  await lastTen.locator("tbody tr").nth(2).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/${year}/sales/edit/${invoices[8]}$`));

  // The Profit & Loss for the same period shows the same Sales, under the same name.
  await page.goto(books.path(year, "reports/profit-or-loss"));
  const tradingCredit = page.getByRole("table", { name: "Trading Cr" });
  await expect(tradingCredit.getByRole("row", { name: /Sales \(excluding GST\)/ })).toContainText(
    "9,000.00",
  );

  // A GST-registered organisation has the state and GST-rate reports in its index.
  await page.goto(books.path(year, "reports"));
  const salesReports = page.getByRole("region", { name: "Sales Reports" });
  await expect(salesReports.getByRole("link", { name: "Sales by State" })).toBeVisible();
  await expect(salesReports.getByRole("link", { name: "Sales by GST Rate" })).toBeVisible();
});
