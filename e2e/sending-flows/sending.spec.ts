import type { Page } from "@playwright/test";
import { type Books, expect, setUpBooks, test, todayInIndia } from "../entries/support.ts";
import { readOutboxMails } from "../support/server.ts";

// Issue 22's flows: the template editor's placeholder list, Send via Mail with the contact check,
// WhatsApp click-to-chat from the print preview, and Send Multiple Docs.

async function booksWithInvoices(page: Page, count = 1) {
  const books = await setUpBooks(page);
  const customer = await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const item = await books.addItem({ name: "Rice Bag", hsnCode: "1006", uom: "BAG", gstRate: 5 });
  const invoices: { entryId: string; number: string }[] = [];
  for (let index = 0; index < count; index++)
    invoices.push(await addInvoice(books, customer, item));
  return { books, customer, invoices };
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

async function mailTo(address: string): Promise<string> {
  let found = "";
  await expect
    .poll(() => {
      found = readOutboxMails().findLast((mail) => mail.includes(`To: ${address}`)) ?? "";
      return found !== "";
    })
    .toBe(true);
  return found;
}

test("an email template: typing { offers the placeholders; saved, it prefills Send via Mail", async ({
  page,
}) => {
  const { books, invoices } = await booksWithInvoices(page);
  await page.goto(books.path("settings/email-template/list"));
  await expect(page.getByRole("heading", { name: "Email Templates" })).toBeVisible();
  await page.getByRole("link", { name: "Add Template" }).click();
  await page.getByLabel("Name").fill("Friendly reminder");
  await page.getByLabel("Subject").fill("Bill {invoiceNumber}");
  const text = page.getByRole("textbox", { name: "Template" });
  await text.click();
  await text.pressSequentially("Hello {cust");
  const list = page.getByRole("listbox", { name: "Placeholders" });
  await expect(list.getByRole("option")).toHaveCount(1);
  await expect(list.getByRole("option").first()).toContainText("{customerName}");
  await page.keyboard.press("Enter");
  await text.pressSequentially(", please pay {pen");
  await page.keyboard.press("Enter");
  await expect(text).toHaveValue("Hello {customerName}, please pay {pendingAmount}");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Template Added").first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Friendly reminder", exact: true })).toBeVisible();

  // Send via Mail: no email saved for the debtor, so Add Email Address comes first.
  await page.goto(books.path("sales/list"));
  const number = invoices[0]?.number ?? "";
  await page.getByRole("button", { name: new RegExp(`^Actions for .*${number}$`) }).click();
  await page.getByRole("menuitem", { name: "Send via Mail" }).click();
  const add = page.getByRole("dialog", { name: "Add Email Address" });
  await add.getByLabel("Email address").fill("asha@example.in");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Email address saved successfully").first()).toBeVisible();

  const send = page.getByRole("dialog", { name: "Send Email" });
  await expect(send.getByLabel("To")).toHaveValue("asha@example.in");
  await expect(send.getByLabel("Subject")).toHaveValue(`Bill ${number}`);
  await expect(send.getByRole("textbox", { name: "Message" })).toHaveValue(
    "Hello Asha Traders, please pay ₹210.00",
  );
  await send.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Email sent successfully").first()).toBeVisible();
  const mail = await mailTo("asha@example.in");
  expect(mail).toContain(`Subject: Bill ${number}`);
  expect(mail).toContain("application/pdf");

  // The second time the saved address is used at once.
  await page.getByRole("button", { name: new RegExp(`^Actions for .*${number}$`) }).click();
  await page.getByRole("menuitem", { name: "Send via Mail" }).click();
  await expect(page.getByRole("dialog", { name: "Send Email" }).getByLabel("To")).toHaveValue(
    "asha@example.in",
  );
  await expect(page.getByRole("dialog", { name: "Add Email Address" })).toHaveCount(0);
});

test("WhatsApp from the print preview: Add Phone Number, then wa.me with 91 and the link", async ({
  page,
}) => {
  const { books, invoices } = await booksWithInvoices(page);
  const invoice = invoices[0] ?? { entryId: "", number: "" };
  await page
    .context()
    .route("https://wa.me/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
  await page.goto(books.path(`sales/print/${invoice.entryId}`));
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("menuitem", { name: "WhatsApp" }).click();
  const add = page.getByRole("dialog", { name: "Add Phone Number" });
  await add.getByLabel("Phone number").fill("98765 43210");
  await add.getByRole("button", { name: "Save" }).click();
  const send = page.getByRole("dialog", { name: "Send WhatsApp" });
  await expect(send.getByLabel("Phone number")).toHaveValue("98765 43210");
  await expect(send.getByRole("textbox", { name: "Message" })).toHaveValue(
    new RegExp(`^Dear Asha Traders, here is Tax Invoice ${invoice.number} dated .* for ₹210\\.00`),
  );
  const popup = page.waitForEvent("popup");
  await send.getByRole("button", { name: "Send" }).click();
  const chat = await popup;
  const url = new URL(chat.url());
  expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/919876543210");
  expect(url.searchParams.get("text")).toMatch(/\/api\/d\/[\w-]{43}/);
  // Issue 40: the message is not sent until the person presses Send in WhatsApp.
  await expect(
    page.getByText("WhatsApp opened with the message — press Send there").first(),
  ).toBeVisible();
});

test("Send Multiple Docs: a party's invoices in one mail, each with its result", async ({
  page,
}) => {
  const { books, invoices } = await booksWithInvoices(page, 2);
  await page.goto(books.path("tools/multiple-docs"));
  await expect(page.getByRole("heading", { name: "Send Multiple Docs" })).toBeVisible();
  const picker = page.getByRole("combobox", { name: "Party" });
  await picker.click();
  await picker.fill("Asha");
  await page.keyboard.press("Enter");
  for (const invoice of invoices) {
    await page.getByRole("checkbox", { name: `Choose ${invoice.number}` }).check();
  }
  await page.getByLabel("Email address").fill("bulk@asha.example.in");
  // The message starts from the server's text, filled for the party; the edit is what is sent.
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
    /^Dear Asha Traders,\n\nPlease find attached:\n\n\{documentList\}/,
  );
  await page.getByLabel("Subject").fill("Bills for {customerName}");
  await page.getByRole("button", { name: "Send 2" }).click();
  await expect(page.getByText("Email sent successfully").first()).toBeVisible();
  await expect(page.getByText("queued", { exact: true })).toHaveCount(2);
  const mail = await mailTo("bulk@asha.example.in");
  expect(mail).toContain("Subject: Bills for Asha Traders");
  expect(mail.match(/Content-Type: application\/pdf/g)).toHaveLength(2);
});

test("Shared links: a link sent by WhatsApp is listed, revoked from the print preview, and stops working", async ({
  page,
}) => {
  const { books, invoices } = await booksWithInvoices(page);
  const invoice = invoices[0] ?? { entryId: "", number: "" };
  const sent = await books.post<{ chatUrl: string }>("/getpdf/transactionpdf", {
    entryId: invoice.entryId,
    transactionType: "salesInvoice",
    format: "whatsapp",
    phone: "9876543210",
    body: "Your bill",
  });
  const link = /https?:\/\/\S+\/api\/d\/[\w-]{43}/.exec(
    new URL(sent.chatUrl).searchParams.get("text") ?? "",
  )?.[0];
  expect(link).toBeTruthy();
  expect((await page.request.get(link ?? "")).status()).toBe(200);

  await page.goto(books.path(`sales/print/${invoice.entryId}`));
  await page.getByRole("button", { name: "Shared links" }).click();
  const dialog = page.getByRole("dialog", { name: "Shared links" });
  const row = dialog.getByRole("row").nth(1);
  await expect(row).toContainText("Active");
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^1/);
  await row.getByRole("button", { name: /^Revoke the link/ }).click();
  await expect(page.getByText("Link revoked").first()).toBeVisible();
  await expect(row).toContainText("Revoked");
  const after = await page.request.get(link ?? "");
  expect(after.status()).toBe(410);
  expect((await after.json()).message).toBe(
    "This document link was withdrawn by the sender. Ask them for a new one.",
  );

  // The message is in the email log, opened in WhatsApp, with the same links one click away.
  await page.goto(books.path("reports/email-logs"));
  const logged = page.getByRole("row").filter({ hasText: "9876543210" });
  await expect(logged).toContainText("Opened in WhatsApp");
  await logged
    .getByRole("button", { name: `Shared links of Sales Invoice ${invoice.number}` })
    .click();
  await expect(page.getByRole("dialog", { name: "Shared links" })).toContainText("Revoked");
});

test("the type's default template: made on the templates screen, Send via Mail opens with it", async ({
  page,
}) => {
  const { books, invoices } = await booksWithInvoices(page);
  for (const name of ["Alpha", "Zeta"]) {
    await books.post("/settings/emailtemplate", {
      name,
      type: "salesInvoice",
      subject: `${name} {invoiceNumber}`,
      template: `${name} text for {customerName}`,
    });
  }
  await page.goto(books.path("settings/email-template/list"));
  const zeta = page.getByRole("row", { name: /Zeta/ });
  await expect(zeta).toBeVisible();
  await expect(page.getByText("Default", { exact: true })).toHaveCount(0);
  await zeta.getByRole("button", { name: "Make Zeta the default for Sales Invoice" }).click();
  await expect(page.getByText("Default template set").first()).toBeVisible();
  await expect(zeta.getByText("Default", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("row", { name: /Alpha/ }).getByText("Default", { exact: true }),
  ).toHaveCount(0);

  // Send via Mail opens with Zeta (not Alpha, first by name); Alpha is a choice away.
  await page.goto(books.path("sales/list"));
  const number = invoices[0]?.number ?? "";
  await page.getByRole("button", { name: new RegExp(`^Actions for .*${number}$`) }).click();
  await page.getByRole("menuitem", { name: "Send via Mail" }).click();
  const add = page.getByRole("dialog", { name: "Add Email Address" });
  await add.getByLabel("Email address").fill("asha@example.in");
  await add.getByRole("button", { name: "Save" }).click();
  const send = page.getByRole("dialog", { name: "Send Email" });
  await expect(send.getByLabel("Subject")).toHaveValue(`Zeta ${number}`);
  await expect(send.getByRole("textbox", { name: "Message" })).toHaveValue(
    "Zeta text for Asha Traders",
  );
  await send.getByRole("combobox", { name: "Template" }).click();
  await page.getByRole("option", { name: "Alpha" }).click();
  await expect(send.getByLabel("Subject")).toHaveValue(`Alpha ${number}`);
});
