import { readFileSync } from "node:fs";
import { type Books, expect, setUpBooks, test, todayInIndia } from "../entries/support.ts";

// Issue 24: a dispatcher fills the transport details on an invoice, downloads the e-way bill JSON
// for the portal's bulk generation, and imports the portal's list of generated e-way bills.

const CUSTOMER_GSTIN = "29AAGCB7383J1Z4";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const today = todayInIndia();
const monthText = `${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
const portalDate = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;

async function setUpGoods(books: Books) {
  await books.post("/settings/organisation", {
    billingAddress: "12 MG Road",
    billingCity: "Pune",
    billingPincode: "411001",
  });
  await books.post("/settings/salesinvoice", { showTransportDetails: true });
  const customer = await books.addAccount({
    name: "Bengaluru Builders",
    nature: "Debtors",
    gstType: "regular",
    gstin: CUSTOMER_GSTIN,
    state: "29",
    billingAddress: "Peenya Industrial Area",
    billingCity: "Bengaluru",
    billingPincode: "560058",
  });
  const item = await books.addItem({ name: "Steel", hsnCode: "7214", gstRate: 18, uom: "KGS" });
  // ₹60,000 + 18 % IGST: over the ₹50,000 threshold.
  const invoice = await books.post<{ entryId: string; invoiceNumber: string }>(
    "/salesinvoice/add",
    {
      year: books.year,
      date: today,
      cashOrDebtorAccountId: customer,
      pos: "29",
      gstin: CUSTOMER_GSTIN,
      itemDetails: [
        {
          itemId: item,
          hsnCode: "7214",
          uom: "KGS",
          quantity: 100,
          rate: 600,
          discountType: "percent",
          discount: 0,
          gstRate: 18,
          amount: 60_000,
        },
      ],
    },
  );
  return { invoice };
}

test("transport details on the invoice, the e-way bill JSON, and the import of the generated number", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const { invoice } = await setUpGoods(books);

  // From the menu: GST Returns → E-Way Bills; the invoice needs one.
  await page.goto(books.path("dashboard"));
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByText("GST Returns", { exact: true }).click();
  await menu.getByRole("link", { name: "E-Way Bills", exact: true }).click();
  await expect(page).toHaveURL(/\/returns\/ewaybill$/);
  const period = page.getByLabel("Period");
  await period.fill(monthText);
  await period.press("Enter");
  const table = page.getByRole("table", { name: "E-way bill documents" });
  const row = table.getByRole("row").filter({ hasText: invoice.invoiceNumber });
  await expect(row).toContainText("Needs e-way bill");
  await expect(row).toContainText("70,800.00");

  // Without transport details the file is refused, naming the invoice and what is missing.
  await page.getByRole("button", { name: "Download JSON" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Fix these" })).toContainText(
    `Sales Invoice ${invoice.invoiceNumber}: give the mode of transport, or a transporter ID to fill in Part B.`,
  );

  // The invoice's Transport Details (shown: the settings say so), typed and saved.
  await row.getByRole("button", { name: invoice.invoiceNumber, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/edit/${invoice.entryId}$`));
  const transport = page.getByRole("group", { name: "Transport Details" });
  await transport.getByRole("textbox", { name: "Transporter Name" }).fill("Fast Movers");
  await transport.getByRole("textbox", { name: "Transporter ID" }).fill("29aagcb7383j1z4");
  await transport.getByRole("combobox", { name: "Mode of Transport" }).click();
  await page.getByRole("option", { name: "Road" }).click();
  await transport.getByRole("textbox", { name: "Distance (km)" }).fill("840");
  await transport.getByRole("textbox", { name: "Vehicle No." }).fill("mh12ab1234");
  await page.keyboard.press("Control+s");
  await expect(page.getByText("Sales Invoice updated.")).toBeVisible();
  expect((await books.entry("/salesinvoice", invoice.entryId)).transport).toEqual({
    transporterName: "Fast Movers",
    transporterId: CUSTOMER_GSTIN,
    mode: "road",
    distanceKm: 840,
    vehicleNumber: "MH12AB1234",
  });

  // The file for the period now holds the invoice in the portal's format.
  await page.goto(books.path(`returns/ewaybill?period=${encodeURIComponent(monthText)}`));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download JSON" }).click(),
  ]);
  const file = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(file.version).toBe("1.0.0621");
  expect(file.billLists).toHaveLength(1);
  expect(file.billLists[0]).toMatchObject({
    docType: "INV",
    docNo: invoice.invoiceNumber,
    docDate: portalDate,
    fromPincode: 411001,
    fromPlace: "Pune",
    toGstin: CUSTOMER_GSTIN,
    toPincode: 560058,
    toPlace: "Bengaluru",
    totInvValue: 70_800,
    transMode: 1,
    transDistance: 840,
    vehicleNo: "MH12AB1234",
  });

  // The portal's list of generated e-way bills, imported: the row shows the number.
  const csv = `Doc No,Doc Date,EWB No,EWB Date,Valid Upto\n${invoice.invoiceNumber},${portalDate},331001234567,${portalDate} 10:15:00 AM,${portalDate}\n`;
  await page.locator('input[type="file"]').setInputFiles({
    name: "generated.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByText("1 e-way bill imported.").first()).toBeVisible();
  const generated = table.getByRole("row").filter({ hasText: invoice.invoiceNumber });
  await expect(generated).toContainText("Generated");
  await expect(generated).toContainText("331001234567");
  await expect(page.getByTestId("ewaybill-counts")).toContainText("Generated: 1");
});

test("Transport Details wait behind a button until the document settings show them (issue 40)", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await page.goto(books.path("purchases/add"));
  await expect(page.getByRole("heading", { name: "Add Purchase" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("group", { name: "Transport Details" })).toHaveCount(0);
  // The e-way bill needs them whatever the print says: one click opens them.
  await page.getByRole("button", { name: "Add transport details (for the e-way bill)" }).click();
  await expect(page.getByRole("group", { name: "Transport Details" })).toBeVisible();
  await books.post("/settings/purchases", { showTransportDetails: true });
  await page.goto(books.path("purchases/add"));
  await expect(page.getByRole("heading", { name: "Add Purchase" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("group", { name: "Transport Details" })).toBeVisible();
  // A quotation carries no goods: no section, whatever its settings.
  await books.post("/settings/quotation", { showTransportDetails: true });
  await page.goto(books.path("quotation/add"));
  await expect(page.getByRole("heading", { name: "Add Quotation" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("group", { name: "Transport Details" })).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: "Add transport details (for the e-way bill)" }),
  ).toHaveCount(0);
});

test("Create Invoice from a delivery challan brings its transport details", async ({ page }) => {
  const books = await setUpBooks(page);
  await books.post("/settings/salesinvoice", { showTransportDetails: true });
  const customer = await books.addAccount({
    name: "Bengaluru Builders",
    nature: "Debtors",
    gstType: "regular",
    gstin: CUSTOMER_GSTIN,
    state: "29",
  });
  const item = await books.addItem({ name: "Steel", hsnCode: "7214", gstRate: 18, uom: "KGS" });
  const challan = await books.post<{ entryId: string }>("/otherentries/deliverychallan/add", {
    year: books.year,
    date: today,
    cashOrDebtorAccountId: customer,
    pos: "29",
    itemDetails: [
      {
        itemId: item,
        hsnCode: "7214",
        uom: "KGS",
        quantity: 10,
        rate: 600,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: 6_000,
      },
    ],
    transport: {
      transporterName: "Fast Movers",
      transporterId: CUSTOMER_GSTIN,
      mode: "road",
      distanceKm: 840,
      vehicleNumber: "MH12AB1234",
      documentNumber: "LR-77",
      documentDate: today,
    },
  });

  await page.goto(books.path(`sales/add?deliveryChallanId=${challan.entryId}`));
  await expect(page.getByRole("heading", { name: "Add Sales Invoice" })).toBeVisible({
    timeout: 30_000,
  });
  const transport = page.getByRole("group", { name: "Transport Details" });
  await expect(transport.getByRole("textbox", { name: "Transporter Name" })).toHaveValue(
    "Fast Movers",
  );
  await expect(transport.getByRole("textbox", { name: "Vehicle No." })).toHaveValue("MH12AB1234");
  await expect(transport.getByRole("textbox", { name: "Distance (km)" })).toHaveValue("840");
  await expect(transport.getByRole("textbox", { name: "Transport Doc. No." })).toHaveValue("LR-77");
  await page.keyboard.press("Control+s");
  await expect(page.getByText("Sales Invoice saved.")).toBeVisible();
  const invoice = await books.latest("/salesinvoice", "salesinvoicelist", "salesInvoices");
  expect(invoice).toMatchObject({ deliveryChallanId: challan.entryId });
  expect((await books.entry("/salesinvoice", String(invoice._id))).transport).toMatchObject({
    transporterName: "Fast Movers",
    vehicleNumber: "MH12AB1234",
    distanceKm: 840,
    documentNumber: "LR-77",
  });
});
