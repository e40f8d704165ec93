import { Keys, setUpBooks, test } from "./support.ts";

test("debug gst typing", async ({ page }) => {
  const books = await setUpBooks(page);
  await books.addAccount({ name: "Asha Traders", nature: "Debtors", gstType: "unregistered", state: "27" });
  await books.addItem({ name: "Installation", type: "services", sacCode: "998729", uom: "NOS", gstRate: 18, standardSellingPrice: 1500 });
  await page.goto(books.path("sales/add"));
  const gst = page.getByRole("combobox", { name: "GST rate, line 1" });
  await page.getByRole("heading", { name: "Add Sales Invoice" }).waitFor();
  const keys = new Keys(page);
  await keys.enter(); await keys.enter(); await keys.enter("Asha");
  await keys.enter("Install"); await keys.enter("2"); await keys.enter(""); await keys.enter("");
  console.log("at gst", await gst.inputValue(), await page.evaluate(() => document.activeElement?.getAttribute("aria-label")));
  await keys.type("1");
  console.log("typed 1", await gst.inputValue(), await page.getByRole("option").allTextContents());
  await keys.type("2");
  console.log("typed 2", await gst.inputValue(), await page.getByRole("option").allTextContents(), await page.locator("[data-combobox-selected]").allTextContents());
  await keys.press("Enter");
  console.log("after", await gst.inputValue(), await page.evaluate(() => document.activeElement?.getAttribute("aria-label")));
});
