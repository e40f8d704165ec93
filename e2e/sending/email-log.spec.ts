import { expect, setUpBooks, test } from "../entries/support.ts";
import { readOutboxMails } from "../support/server.ts";

// reports/email-logs (issue 22): what the organisation sent, searchable by recipient, subject and
// document, filtered by date, with Resend. The e2e server has no SMTP_URL: mail lands in the
// outbox folder, and the log shows it as sent.

test("Email Logs lists what was sent, searches and filters it, and resends once per click", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const startYear = books.year.slice(0, 4);
  await books.post("/gstr1/gstr1Json", {
    year: books.year,
    startDate: `${startYear}-04-01`,
    endDate: `${startYear}-04-30`,
    email: "ca.sharma@example.in",
    subject: "GSTR-1 April for review",
  });
  await books.post("/organisation/adduser", {
    email: `clerk-${books.organisationId.slice(-6)}@example.in`,
    role: "accountant",
    transactionPermissions: [],
  });

  await page.goto(books.path("reports"));
  await page.getByRole("link", { name: "Email Logs" }).click();
  await expect(page).toHaveURL(new RegExp(`/${books.year}/reports/email-logs$`));
  await expect(page.getByRole("heading", { name: "Email Logs" })).toBeVisible();
  const table = page.getByRole("table", { name: "Email logs" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  const returnRow = rows.filter({ hasText: "ca.sharma@example.in" });
  await expect(returnRow).toContainText("GSTR-1 April for review");
  await expect(returnRow).toContainText("Email");
  await expect(returnRow).toContainText("Sent");
  await expect(rows.filter({ hasText: "invited you to" })).toContainText("Sent");

  // Search by recipient, then a date range that holds nothing.
  await page.getByRole("textbox", { name: "Search", exact: true }).fill("clerk-");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("invited you to");
  await page.getByRole("textbox", { name: "Search", exact: true }).fill("");
  await expect(rows).toHaveCount(2);
  // Dates in Indian order (issue 40), read on Enter.
  await page.getByLabel("From", { exact: true }).fill("01-01-2099");
  await page.getByLabel("From", { exact: true }).press("Enter");
  await expect(page.getByText("No record found matching your search criteria")).toBeVisible();
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(rows).toHaveCount(2);

  // Resend: one more mail to the CA, shown as a new row that reaches Sent. The invitation (the
  // system's own mail) offers no Resend.
  await expect(
    rows.filter({ hasText: "invited you to" }).getByRole("button", { name: /^Resend/ }),
  ).toHaveCount(0);
  const before = readOutboxMails().filter((mail) => mail.includes("To: ca.sharma@example.in"));
  await returnRow.getByRole("button", { name: "Resend to ca.sharma@example.in" }).click();
  await expect(
    page.locator(".mantine-Notification-root").filter({ hasText: "Email sent successfully" }),
  ).toBeVisible();
  await expect(rows.filter({ hasText: "ca.sharma@example.in" })).toHaveCount(2);
  await expect(
    rows.filter({ hasText: "ca.sharma@example.in" }).filter({ hasText: "Queued" }),
  ).toHaveCount(0);
  await expect
    .poll(
      () => readOutboxMails().filter((mail) => mail.includes("To: ca.sharma@example.in")).length,
    )
    .toBe(before.length + 1);
});

test("Email Logs is in the start screen's Reports menu; an empty log says so", async ({ page }) => {
  const books = await setUpBooks(page);
  await page.goto(books.path("start"));
  const menu = page.getByRole("navigation", { name: "Start menu" });
  await expect(menu).toBeVisible();
  await page.keyboard.press("r");
  await expect(menu.getByText("Email Logs")).toBeVisible();
  await menu.getByText("Email Logs").click();
  await expect(page).toHaveURL(new RegExp(`/${books.year}/reports/email-logs$`));
  await expect(page.getByText("No emails or messages sent yet.")).toBeVisible();
});
