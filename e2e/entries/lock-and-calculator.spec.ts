import { expect, expectFocus, Keys, setUpBooks, test, todayInIndia } from "./support.ts";

test("a locked month is named beside the date before anything is typed, and the save is refused", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  await books.addItem({
    name: "Rice Bag 25kg",
    hsnCode: "1006",
    gstRate: 5,
    standardSellingPrice: 1250,
  });
  const month = Number(todayInIndia().slice(5, 7));
  await books.post("/settings/lockPeriod", {
    year: books.year,
    month,
    transactionType: "salesInvoice",
    locked: true,
  });

  await page.goto(books.path("sales/add"));
  await expectFocus(page, "Date");
  const months = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ];
  const monthLabel = `${months[month - 1]} ${todayInIndia().slice(0, 4)}`;
  const message = `Sales Invoice entries dated in ${monthLabel} are locked. Unlock the period in Settings → Lock Period to change them.`;
  await expect(page.getByText(message).first()).toBeVisible();

  const keys = new Keys(page);
  await keys.enter();
  await keys.enter();
  await keys.enter("Asha");
  await keys.enter("Rice");
  await keys.enter("1");
  await keys.press("Control+s");
  await expect(page.getByRole("alert").filter({ hasText: message }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/add$/);
  const list = await books.get<{ count: number }>("/salesinvoice/salesinvoicelist", {
    year: books.year,
  });
  expect(list.count).toBe(0);

  // Receipts are not locked: the same date is fine there.
  await page.goto(books.path("receipt/add"));
  await expectFocus(page, "Date");
  await expect(page.getByText("are locked.")).toHaveCount(0);
});

test("the calculator opens with Alt+K from any page: operators, percent, GST added and reverted, history kept", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await page.goto(books.path("sales/add"));
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.press("Alt+k");
  const calculator = page.getByRole("dialog", { name: "Calculator (Alt+K)" });
  await expect(calculator).toBeVisible();
  await expect(calculator.getByRole("button", { name: "Equals" })).toBeFocused();
  const display = calculator.getByTestId("calculator-display");

  await keys.type("1200*3");
  await keys.press("Enter");
  await expect(display).toHaveText("3,600");
  await calculator.getByRole("button", { name: "Add GST 18%" }).press("Space");
  await expect(display).toHaveText("4,248");
  await expect(calculator.getByTestId("calculator-gst")).toHaveText(
    "GST 18% added: tax 648 on 3,600",
  );
  await calculator.getByRole("button", { name: "Add GST 18%" }).press("Space");
  await expect(display).toHaveText("3,600");

  await keys.type("1180");
  await calculator.getByRole("button", { name: "Exclude GST 18%" }).press("Space");
  await expect(display).toHaveText("1,000");
  await keys.type("500+10%");
  await keys.press("Enter");
  await expect(display).toHaveText("550");
  await keys.type("7/0");
  await keys.press("Enter");
  await expect(display).toHaveText("0");
  await keys.type("10/3");
  await keys.press("Enter");
  await expect(display).toHaveText("3.33");

  await keys.press("Escape");
  await expect(calculator).toBeHidden();
  // The entry screen is as it was: Esc closed only the calculator.
  await expect(page).toHaveURL(/\/sales\/add$/);

  // The history lives in this browser: it is there after a reload, newest first.
  await page.goto(books.path("dashboard"));
  await expect(page.getByRole("button", { name: "Last 10 Transactions" })).toBeVisible();
  await keys.press("Alt+k");
  await expect(calculator).toBeVisible();
  const history = calculator.getByLabel("Calculator history");
  await expect(history.getByRole("button").first()).toContainText("10 ÷ 3 =");
  await expect(history).toContainText("1,200 × 3 =");
  await expect(history).toContainText("3,600 + GST 18% =");
});
