import ExcelJS from "exceljs";
import { expect, Keys, rupees, setUpBooks, test, todayInIndia } from "../entries/support.ts";
import { pick } from "../masters/support.ts";

// Issue 39, the walk: a party with section 194J, a bill over the threshold, the suggested TDS
// accepted, the TDS Payable ledger, a challan, and the quarter's statement.
test("TDS: a 194J party's bill bears the suggested TDS, a challan deposits it, the quarter's statement shows it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const books = await setUpBooks(page);
  await books.addItem({
    name: "Audit fees",
    type: "services",
    sacCode: "998221",
    gstRate: 18,
    standardPurchasePrice: 60000,
  });

  // The party, with its section and PAN, through the account form.
  await page.goto(books.path("account/list"));
  await page.getByRole("table", { name: "Accounts Balances" }).waitFor();
  await page.keyboard.press("Alt+A");
  const modal = page.getByRole("dialog", { name: "Add Account" });
  await expect(modal).toBeVisible();
  await modal.getByRole("textbox", { name: "Account Name" }).fill("Rao Associates");
  await pick(page, modal, "Nature of Account", "Creditors");
  await pick(page, modal, "GST Registration Type", "Unregistered");
  await pick(page, modal, "State", "27 - Maharashtra");
  await modal.getByRole("textbox", { name: "PAN" }).fill("AAAFR1234K");
  await pick(page, modal, "TDS Section", "194J(b) – Fees for professional services (10%)");
  await pick(page, modal, "Deductee Type", "Firm / LLP");
  const saved = page.waitForResponse(
    (answer) => answer.url().endsWith("/api/account/add") && answer.request().method() === "POST",
  );
  await modal.getByRole("button", { name: "Save & New" }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({
    account: { name: "Rao Associates", tdsSection: "194J(b)", deducteeType: "firm" },
  });

  // A bill of 60,000 before GST: over the year's 50,000.
  await page.goto(books.path("purchases/add"));
  await expect(page.getByRole("heading", { name: "Add Purchase" })).toBeVisible();
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter("RA/7");
  await keys.enter("Rao");
  await expect(page.getByRole("combobox", { name: "Supplier", exact: true })).toHaveValue(
    "Rao Associates",
  );
  await keys.enter("Audit");
  await keys.enter("1");
  await keys.enter();
  await keys.enter();
  await keys.enter();
  await page.getByRole("button", { name: "Suggest TDS" }).click();
  await expect(page.getByTestId("tds-reason")).toContainText("10% under section 194J(b)");
  await page.getByRole("button", { name: "Apply TDS" }).click();
  await expect(page.getByTestId("tds-applied")).toHaveText(
    "TDS 194J(b) at 10% on ₹60,000.00: ₹6,000.00",
  );
  await keys.press("Control+s");
  await expect(page.getByText("Purchase saved.")).toBeVisible();

  // The TDS Payable ledger holds the deduction; the party is owed the bill less it.
  const payable = await books.ledger(await books.accountByName("TDS Payable – 194J(b)"));
  expect(rupees(payable.totalCredit)).toBe("6,000.00");
  const party = await books.ledger(await books.accountByName("Rao Associates"));
  expect(party.closingBalance).toMatchObject({ amount: 64800, type: "cr" });

  // The statement says the organisation has no TAN yet; Settings → Organisation takes it, checked.
  await page.goto(books.path("tds"));
  await expect(page.getByText("TAN missing")).toBeVisible();
  await expect(page.getByRole("button", { name: "Download for RPU" })).toBeDisabled();
  await page.goto(books.path("settings/organisation"));
  const tan = page.getByRole("textbox", { name: "TAN", exact: true });
  await tan.fill("pnep1234a");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.getByText("TAN is not valid: 4 letters, 5 digits and a letter, like DELA12345B."),
  ).toBeVisible();
  await tan.fill("pnep12345a");
  await expect(tan).toHaveValue("PNEP12345A");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();

  // The challan.
  await page.goto(books.path("tds"));
  await expect(page.getByRole("heading", { name: "TDS" })).toBeVisible();
  await page.getByRole("tab", { name: "Challans" }).click();
  const form = page.getByLabel("New challan");
  await pick(page, form, "Section", "194J(b)");
  await form.getByRole("textbox", { name: "BSR code" }).fill("0510002");
  await form.getByRole("textbox", { name: "Challan serial" }).fill("00011");
  await pick(page, form, "Paid from", "Cash");
  await form.getByRole("checkbox", { name: /RA\/7 Rao Associates: ₹6,000\.00/ }).check();
  await expect(form.getByText("Tax: ₹6,000.00")).toBeVisible();
  // Deposited the day it was deducted: on time, no interest.
  await expect(form.getByTestId("interest-owed")).toContainText("no interest owed");
  await form.getByRole("button", { name: "Save Challan" }).click();
  await expect(page.getByText("Challan saved and posted.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Challans" })).toContainText("00011");
  expect(
    rupees((await books.ledger(await books.accountByName("TDS Payable – 194J(b)"))).totalDebit),
  ).toBe("6,000.00");

  // The quarter's statement.
  await page.getByRole("tab", { name: "Quarterly Statement" }).click();
  const rows = page.getByRole("table", { name: "Deductee rows" });
  await expect(rows).toContainText("Rao Associates");
  await expect(rows).toContainText("AAAFR1234K");
  await expect(rows).toContainText(`00011 / 0510002 (${todayInIndia()})`);
  await expect(page.getByTestId("tds-total")).toHaveText("6,000.00");
  await expect(page.getByText(/TAN PNEP12345A/)).toBeVisible();

  // The workbook for the RPU: its Deductor sheet names the TAN, its Deductee grid the deduction.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download for RPU" }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect(workbook.getWorksheet("Deductor")?.getCell("B1").value).toBe("PNEP12345A");
  const deductee = workbook.getWorksheet("Deductee")?.getRow(2);
  expect([deductee?.getCell(16).value, deductee?.getCell(19).value]).toEqual([
    "Rao Associates",
    6000,
  ]);
});
