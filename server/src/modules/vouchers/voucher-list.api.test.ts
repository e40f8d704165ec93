import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount, insertItem } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { createVouchers } from "./vouchers.service.ts";

let context: TestContext;
let owner: Person;
let org: string;
let parties: Record<string, string>;
let bank: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
    billWiseEntry: true,
  }));
  parties = {
    ravi: await insertAccount(context, org, { name: "Ravi Stores", nature: "Debtors" }),
    anita: await insertAccount(context, org, { name: "Anita Textiles", nature: "Debtors" }),
  };
  bank = await insertAccount(context, org, { name: "HDFC Bank", nature: "Bank" });
  const item = await insertItem(context, org, { name: "Cotton Saree" });
  // An organisation not registered for GST charges none: totals equal the line amounts.
  const invoices: [string, string, string, number, string][] = [
    ["INV-2", "2025-04-05", "ravi", 1000, "first of April"],
    ["INV-10", "2025-06-01", "anita", 250.5, "wedding order"],
    ["INV-3", "2025-05-20", "ravi", 7500, ""],
    ["INV-1", "2025-04-01", "anita", 99, "sample"],
  ];
  for (const [number, date, party, amount, narration] of invoices) {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/salesinvoice/add",
      headers: as(owner),
      payload: {
        organisationId: org,
        year: "2025-26",
        date,
        invoiceNumber: number,
        cashOrDebtorAccountId: parties[party],
        itemDetails: [{ itemId: item, quantity: 1, rate: amount, gstRate: 0, amount }],
        grossAmount: amount,
        // The total is rounded to the rupee with its own round-off line: ₹250.50 becomes ₹251.
        roundOffAmount: Math.round(amount) - amount,
        totalAmount: Math.round(amount),
        ...(narration ? { narration } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const inv3 = await context.testDatabase.database.db
    .selectFrom("vouchers")
    .select("id")
    .where("number", "=", "INV-3")
    .executeTakeFirstOrThrow();
  const receipt = await context.app.inject({
    method: "POST",
    url: "/api/receipts/add",
    headers: as(owner),
    payload: {
      organisationId: org,
      year: "2025-26",
      date: "2025-06-10",
      receivedAccountId: bank,
      receivedAmount: 2500,
      entries: [
        {
          accountId: parties.ravi,
          amount: 2500,
          billWiseEntries: [{ entryId: inv3.id, amount: 2500 }],
        },
      ],
    },
  });
  expect(receipt.statusCode, receipt.body).toBe(200);
});
afterAll(() => context.close());

async function list(query: Record<string, string>) {
  const params = new URLSearchParams({ organisationId: org, year: "2025-26", ...query });
  const response = await context.app.inject({
    method: "GET",
    url: `/api/salesinvoice/salesinvoicelist?${params}`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return {
    ...body,
    numbers: body.salesInvoices.map((row: { invoiceNumber: string }) => row.invoiceNumber),
  };
}

/** A list's Excel download, as rows of cell values. */
async function downloadExcel(listPath: string, query: Record<string, string>) {
  const ExcelJS = (await import("exceljs")).default;
  const params = new URLSearchParams({
    organisationId: org,
    year: "2025-26",
    download: "true",
    format: "excel",
    ...query,
  });
  const response = await context.app.inject({
    method: "GET",
    url: `/api/${listPath}?${params}`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return { fileName: String(response.headers["content-disposition"]), values };
}

describe("the list call", () => {
  test("answers {salesInvoices, count, pageTotal, total}", async () => {
    const page = await list({ limit: "2", sortBy: "invoiceNumberAsc" });
    expect(page.numbers).toEqual(["INV-1", "INV-2"]);
    expect(page.count).toBe(4);
    expect(page.pageTotal).toBe(1099);
    expect(page.total).toBe(8850);
    expect((await list({ limit: "2", skip: "2", sortBy: "invoiceNumberAsc" })).numbers).toEqual([
      "INV-3",
      "INV-10",
    ]);
  });

  test.each([
    ["createdAtDesc", ["INV-1", "INV-3", "INV-10", "INV-2"]],
    ["dateAsc", ["INV-1", "INV-2", "INV-3", "INV-10"]],
    ["dateDesc", ["INV-10", "INV-3", "INV-2", "INV-1"]],
    ["amountAsc", ["INV-1", "INV-10", "INV-2", "INV-3"]],
    ["amountDesc", ["INV-3", "INV-2", "INV-10", "INV-1"]],
    ["invoiceNumberDesc", ["INV-10", "INV-3", "INV-2", "INV-1"]],
  ])("sorts by %s", async (sortBy, numbers) => {
    expect((await list({ sortBy })).numbers).toEqual(numbers);
  });

  test.each([
    "createdAtDesc",
    "dateAsc",
    "dateDesc",
    "amountAsc",
    "amountDesc",
    "invoiceNumberAsc",
    "invoiceNumberDesc",
  ])("every page sorted by %s is its slice of the whole list, from either end", async (sortBy) => {
    const whole = (await list({ sortBy })).numbers as string[];
    expect(whole).toHaveLength(4);
    for (const limit of [1, 3]) {
      for (let skip = 0; skip <= whole.length; skip += 1) {
        const page = await list({ sortBy, skip: String(skip), limit: String(limit) });
        expect(page.numbers, `skip ${skip}, limit ${limit}`).toEqual(
          whole.slice(skip, skip + limit),
        );
        expect(page.count).toBe(4);
      }
    }
  });

  test.each([
    ["anita", ["INV-1", "INV-10"]],
    ["INV-1", ["INV-1", "INV-10"]],
    ["7,500", ["INV-3"]],
    ["251.00", ["INV-10"]],
    ["7500", ["INV-3"]],
  ])("searching %s finds the invoice number, party or amount", async (searchText, numbers) => {
    expect((await list({ searchText, sortBy: "invoiceNumberAsc" })).numbers).toEqual(numbers);
  });

  test("filters combine: dates, amounts, party, narration and bill-wise status", async () => {
    const filtered = async (filters: Record<string, unknown>) =>
      (await list({ filters: JSON.stringify(filters), sortBy: "invoiceNumberAsc" })).numbers;
    expect(await filtered({ dateFrom: "2025-04-02", dateTo: "2025-05-31" })).toEqual([
      "INV-2",
      "INV-3",
    ]);
    expect(await filtered({ amountFrom: 100, amountTo: 1000 })).toEqual(["INV-2", "INV-10"]);
    expect(await filtered({ account: parties.ravi })).toEqual(["INV-2", "INV-3"]);
    expect(await filtered({ narration: "WEDDING" })).toEqual(["INV-10"]);
    expect(await filtered({ statusFilters: ["partial"] })).toEqual(["INV-3"]);
    expect(await filtered({ rcmApplicable: "both", narration: "", statusFilters: [] })).toEqual([
      "INV-1",
      "INV-2",
      "INV-3",
      "INV-10",
    ]);
  });

  test("a bad filter gets the spec's message", async () => {
    const params = new URLSearchParams({
      organisationId: org,
      year: "2025-26",
      filters: JSON.stringify({ dateFrom: "2025-06-01", dateTo: "2025-04-01" }),
    });
    const response = await context.app.inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?${params}`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "Date From cannot be later than Date To. Please select a valid date range.",
    );
  });

  test("the receipts list carries its list-only fields", async () => {
    const params = new URLSearchParams({ organisationId: org, year: "2025-26" });
    const response = await context.app.inject({
      method: "GET",
      url: `/api/receipts/receiptslist?${params}`,
      headers: as(owner),
    });
    const [row] = response.json().receiptEntries;
    expect(row).toMatchObject({
      amountToShow: 2500,
      receivedFromAccountIds: [parties.ravi],
      receivedAccountId: bank,
    });
  });
});

describe("downloads", () => {
  test("excel: every matching row in the list's columns with the grand total", async () => {
    const { fileName, values } = await downloadExcel("salesinvoice/salesinvoicelist", {
      sortBy: "invoiceNumberAsc",
    });
    expect(fileName).toContain("sales-invoices-2025-26.xlsx");
    const text = JSON.stringify(values);
    for (const expected of [
      "Invoice No.",
      "Customer",
      "INV-1",
      "INV-10",
      "Anita Textiles",
      "Total",
    ])
      expect(text).toContain(expected);
    const totalRow = values.find((row) => row.includes("Total"));
    expect(totalRow).toContain(8850);
    // Issue 40: the status in words, as the list shows it, never the code.
    expect(text).toContain('"Pending"');
    expect(text).not.toMatch(/"(pending|partial|received)"/);
  });

  test("pdf", async () => {
    const params = new URLSearchParams({
      organisationId: org,
      year: "2025-26",
      download: "true",
      format: "pdf",
    });
    const response = await context.app.inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?${params}`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("nothing to download is refused with the catalogue's words", async () => {
    const params = new URLSearchParams({
      organisationId: org,
      year: "2025-26",
      download: "true",
      searchText: "no such thing",
    });
    const response = await context.app.inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?${params}`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("There are no entries to download");
  });
});

describe("the whole list's count and total (kept in voucher_totals)", () => {
  test("follow adds, edits and deletes, as a counted search does", async () => {
    const item = await insertItem(context, org, { name: "Silk Dupatta" });
    const invoice = (amount: number) => ({
      organisationId: org,
      year: "2025-26",
      date: "2025-07-01",
      invoiceNumber: "INV-20",
      cashOrDebtorAccountId: parties.anita,
      itemDetails: [{ itemId: item, quantity: 1, rate: amount, gstRate: 0, amount }],
      grossAmount: amount,
      totalAmount: amount,
    });
    const added = await context.app.inject({
      method: "POST",
      url: "/api/salesinvoice/add",
      headers: as(owner),
      payload: invoice(100),
    });
    expect(added.statusCode, added.body).toBe(200);
    const whole = async (deleted: boolean) => {
      const page = await list({ deleted: String(deleted) });
      // "INV" is in every invoice number: the same rows, counted from the rows themselves.
      const counted = await list({ deleted: String(deleted), searchText: "INV" });
      expect([page.count, page.total]).toEqual([counted.count, counted.total]);
      return [page.count, page.total];
    };
    expect(await whole(false)).toEqual([5, 8950]);
    const edited = await context.app.inject({
      method: "PUT",
      url: "/api/salesinvoice/edit",
      headers: as(owner),
      payload: { ...invoice(300), entryId: added.json().entryId, version: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await whole(false)).toEqual([5, 9150]);
    const removed = await context.app.inject({
      method: "DELETE",
      url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${added.json().entryId}`,
      headers: as(owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await whole(false)).toEqual([4, 8850]);
    expect(await whole(true)).toEqual([1, 300]);
  });
});

describe("a download longer than one page of reading", () => {
  test("holds every matching row and the grand total", async () => {
    // 1,200 receipts of ₹1 to ₹1,200 on top of the one of ₹2,500: more than the 1,000 rows a
    // download reads at a time.
    const entries = Array.from({ length: 1200 }, (_, index) => ({
      type: "receipts" as const,
      payload: {
        organisationId: org,
        year: "2025-26",
        date: "2025-08-01",
        receivedAccountId: bank,
        receivedAmount: index + 1,
        entries: [{ accountId: parties.anita, amount: index + 1 }],
      },
    }));
    await createVouchers(
      { db: context.testDatabase.database.db, announceChange: () => {} },
      { kind: "user", userId: owner.userId, sessionId: "bulk" },
      org,
      entries,
    );
    const { values } = await downloadExcel("receipts/receiptslist", { sortBy: "amountAsc" });
    const amounts: number[] = [];
    let total: unknown;
    for (const row of values) {
      if (row.includes("Total")) total = row.find((value) => typeof value === "number");
      else if (typeof row.at(-1) === "number") amounts.push(row.at(-1) as number);
    }
    expect(amounts).toHaveLength(1201);
    expect(amounts.slice(0, 3)).toEqual([1, 2, 3]);
    expect(amounts.at(-1)).toBe(2500);
    // 1 + 2 + … + 1,200 = 7,20,600, and the ₹2,500 receipt.
    expect(total).toBe(720_600 + 2500);

    // Pages near the start read forward beside the count; deeper ones wait for it and read the
    // second half from the far end. Both agree with the whole list, either side of the switch.
    const page = async (sortBy: string, skip: number, limit: number) => {
      const params = new URLSearchParams({
        organisationId: org,
        year: "2025-26",
        sortBy,
        skip: String(skip),
        limit: String(limit),
      });
      const response = await context.app.inject({
        method: "GET",
        url: `/api/receipts/receiptslist?${params}`,
        headers: as(owner),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.count).toBe(1201);
      return body.receiptEntries.map((row: { amountToShow: number }) => row.amountToShow);
    };
    for (const [skip, limit] of [
      [995, 10],
      [1000, 5],
      [1190, 20],
      [1201, 5],
    ] as const) {
      expect(await page("amountAsc", skip, limit), `from ${skip}`).toEqual(
        amounts.slice(skip, skip + limit),
      );
      expect(await page("amountDesc", skip, limit), `from ${skip}, descending`).toEqual(
        amounts.toReversed().slice(skip, skip + limit),
      );
    }
  });
});
