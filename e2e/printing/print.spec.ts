import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { type Books, expect, setUpBooks, test, todayInIndia } from "../entries/support.ts";

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return (text as string).replace(/\s+/g, " ");
}

/** A customer, an item and a saved sales invoice of 2 × ₹100 at 5 % (₹210), by the API. */
async function booksWithInvoice(page: Page) {
  const books = await setUpBooks(page);
  const customer = await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
    billingAddress: "12 Market Road, Pune",
  });
  const item = await books.addItem({ name: "Rice Bag", hsnCode: "1006", uom: "BAG", gstRate: 5 });
  const invoice = await addInvoice(books, customer, item);
  return { books, customer, item, invoice };
}

function addInvoice(books: Books, customer: string, item: string) {
  return books.post<{ entryId: string; number: string }>("/salesinvoice/add", {
    year: books.year,
    date: todayInIndia(),
    cashOrDebtorAccountId: customer,
    pos: "27",
    itemDetails: [{ itemId: item, quantity: 2, rate: 100, gstRate: 5, amount: 200 }],
    accountDetails: [],
    grossAmount: 200,
    cgstAmount: 5,
    sgstAmount: 5,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: 210,
  });
}

test("Print from the sales list opens the preview; three copies download with the rule-48 captions", async ({
  page,
}) => {
  const { books, invoice } = await booksWithInvoice(page);
  await page.goto(books.path("sales/list"));
  await page.getByRole("button", { name: new RegExp(`^Actions for .*${invoice.number}`) }).click();
  await page.getByRole("menuitem", { name: "Print" }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/print/${invoice.entryId}$`));
  await expect(page.getByRole("heading", { name: "Print Sales Invoice" })).toBeVisible();
  const frame = page.locator('iframe[title="Document preview"]');
  await expect(frame).toHaveAttribute("src", /^blob:/, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeEnabled();

  await page.getByText("3 copies").click();
  await expect(frame).toHaveAttribute("data-loading", "false");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Tax-Invoice-${invoice.number}.pdf`);
  const text = await pdfText(await readFile((await file.path()) ?? ""));
  expect(text).toContain("TAX INVOICE");
  expect(text).toContain("Asha Traders");
  expect(text).toContain("Total ₹210.00");
  expect(text).toContain("ORIGINAL FOR RECIPIENT");
  expect(text).toContain("DUPLICATE FOR TRANSPORTER");
  expect(text).toContain("TRIPLICATE FOR SUPPLIER");
});

test("Ctrl+P on the add screen saves the quotation and opens its print preview; Print on the edit screen too", async ({
  page,
}) => {
  const { books, customer, item } = await booksWithInvoice(page);
  const quotation = await books.post<{ entryId: string }>("/otherentries/quotation/add", {
    year: books.year,
    date: todayInIndia(),
    cashOrDebtorAccountId: customer,
    pos: "27",
    itemDetails: [{ itemId: item, quantity: 1, rate: 100, gstRate: 5, amount: 100 }],
    accountDetails: [],
    grossAmount: 100,
    cgstAmount: 2.5,
    sgstAmount: 2.5,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: 105,
  });
  // Duplicate opens the add form filled in; Ctrl+P saves it and goes to the new one's preview.
  await page.goto(books.path(`quotation/duplicate/${quotation.entryId}`));
  await expect(page.getByRole("combobox", { name: "Customer", exact: true })).toHaveValue(
    "Asha Traders",
  );
  await page.keyboard.press("Control+p");
  await expect(page.getByText("Quotation saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/quotation\/print\/[\w-]+$/);
  await expect(page).not.toHaveURL(new RegExp(quotation.entryId));
  await expect(page.getByRole("heading", { name: "Print Quotation" })).toBeVisible();
  await expect(page.locator('iframe[title="Document preview"]')).toHaveAttribute("src", /^blob:/, {
    timeout: 30_000,
  });

  await page.goto(books.path(`quotation/edit/${quotation.entryId}`));
  await page.getByRole("button", { name: "Print", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/quotation/print/${quotation.entryId}$`));
});

test("the sales invoice settings screen saves a heading that the preview and the PDF then show", async ({
  page,
}) => {
  const { books, invoice } = await booksWithInvoice(page);
  await page.goto(books.path("settings/sales-invoice"));
  await expect(page.getByRole("heading", { name: "Sales Invoice Settings" })).toBeVisible();
  await expect(page.locator('iframe[title="Document preview"]')).toHaveAttribute("src", /^blob:/, {
    timeout: 30_000,
  });
  const previews: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/getpdf/transactionpdf")) previews.push(response.url());
  });
  await page.getByRole("textbox", { name: "Heading" }).fill("Retail Invoice");
  await page.getByRole("switch", { name: "Print HSN or SAC" }).uncheck({ force: true });
  const previewed = (heading: string) =>
    previews.some((url) =>
      new URL(url).searchParams.get("preview")?.includes(`"heading":"${heading}"`),
    );
  await expect.poll(() => previewed("Retail Invoice")).toBe(true);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  const saved = await books.get<{ heading: string; printHSNorSAC: boolean }>(
    "/settings/getsalesinvoicesettings",
  );
  expect(saved).toMatchObject({ heading: "Retail Invoice", printHSNorSAC: false });
  const response = await page.request.get(
    `/api/getpdf/transactionpdf?organisationId=${books.organisationId}&entryId=${invoice.entryId}&transactionType=salesInvoice&format=download`,
  );
  const text = await pdfText(await response.body());
  expect(text).toContain("RETAIL INVOICE");
  expect(text).not.toContain("HSN/SAC");
});

test("the ledger's Statement PDF downloads the account statement with its open bill", async ({
  page,
}) => {
  const { books, customer, invoice } = await booksWithInvoice(page);
  await page.goto(books.path(`ledger/${customer}`));
  await expect(page.getByRole("heading", { name: "Ledger: Asha Traders" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Statement PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Statement-Asha-Traders-.*\.pdf$/);
  const text = await pdfText(await readFile((await file.path()) ?? ""));
  expect(text).toContain("STATEMENT OF ACCOUNT");
  expect(text).toContain("Asha Traders");
  expect(text).toContain("Closing Balance ₹210.00 Dr");
  // Aged to the end date or today, if earlier (issue 40).
  expect(text).toMatch(
    /Open Bills as at \d{2}-\d{2}-\d{4}, with their age in days \(₹210\.00 due\)/,
  );
  expect(text).toContain(invoice.number);
});

test("organisation settings: bank details saved there print on the invoice in its preview", async ({
  page,
}) => {
  const { books } = await booksWithInvoice(page);
  await page.goto(books.path("settings/organisation"));
  await expect(page.locator('iframe[title="Document preview"]')).toHaveAttribute("src", /^blob:/, {
    timeout: 30_000,
  });
  await page.getByRole("textbox", { name: "Bank name" }).fill("State Bank of India");
  await page.getByRole("textbox", { name: "Bank account number" }).fill("00000012345678901");
  await page.getByRole("textbox", { name: "IFSC" }).fill("SBIN0001234");
  const preview = page.waitForResponse(
    (response) => response.url().includes("/api/getpdf/transactionpdf") && response.ok(),
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  // The preview drawn again after the save; read the same PDF back by its address.
  const again = await page.request.get((await preview).url());
  const text = await pdfText(await again.body());
  expect(text).toContain("Bank: State Bank of India");
  expect(text).toContain("A/c No.: 00000012345678901");
  expect(text).toContain("IFSC: SBIN0001234");
});
