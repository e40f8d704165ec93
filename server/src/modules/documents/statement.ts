import { formatAmount, formatRupees, rupeesToPaise } from "@bahi/domain/money";
import type { Content, TableCell } from "pdfmake";
import type { PrintText } from "../../pdf-fonts/script-text.ts";
import { formatPrintDate } from "./print-date.ts";

// An account statement (issue 21): what debtors and creditors are sent: the opening balance,
// the entries with a running balance, the closing balance, and the open bills with their age.

export interface StatementBalance {
  amount: number;
  type: "dr" | "cr";
}

export interface StatementSource {
  organisation: { name: string; billingAddress: string | null; gstin: string | null };
  account: { name: string; billingAddress: string | null; gstin: string | null };
  startDate: string;
  endDate: string;
  openingBalance: StatementBalance;
  closingBalance: StatementBalance;
  totalDebit: number;
  totalCredit: number;
  entries: readonly {
    date: string;
    voucherTitle: string;
    number: string;
    counterAccount: string;
    narration: string | null;
    debit: number;
    credit: number;
    balance: StatementBalance;
  }[];
  openBills: readonly {
    invoiceNumber: string;
    date: string;
    dueDate: string | null;
    totalAmount: number;
    pendingAmt: number;
  }[];
  /** Today (India's date): the open bills' age is counted to the end date or today, if earlier. */
  today?: string;
}

export interface StatementDocument {
  title: string;
  organisation: { name: string; lines: string[] };
  account: { name: string; lines: string[] };
  period: string;
  opening: string;
  closing: string;
  totalDebit: string;
  totalCredit: string;
  entries: {
    date: string;
    particulars: string;
    voucher: string;
    debit: string;
    credit: string;
    balance: string;
  }[];
  openBills: {
    number: string;
    date: string;
    dueDate: string;
    total: string;
    pending: string;
    ageDays: number;
  }[];
  /** The date the open bills and their age are as at, dd-mm-yyyy. */
  openBillsAsAt: string;
  openTotal: string;
}

const balanceText = (balance: StatementBalance) =>
  `${formatRupees(rupeesToPaise(balance.amount))} ${balance.type === "dr" ? "Dr" : "Cr"}`;

/** Whole days from `from` to `to`, both YYYY-MM-DD. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function buildStatementDocument(source: StatementSource): StatementDocument {
  // Issue 40: a statement to the year's end (the ledger's default range) aged its bills to a day
  // still to come; the age is as at the end date, or today when that is earlier.
  const asAt = source.today && source.today < source.endDate ? source.today : source.endDate;
  const openBills = source.openBills
    .filter((bill) => bill.date <= source.endDate)
    .map((bill) => ({
      number: bill.invoiceNumber,
      date: formatPrintDate(bill.date),
      dueDate: bill.dueDate ? formatPrintDate(bill.dueDate) : "",
      total: formatAmount(rupeesToPaise(bill.totalAmount)),
      pending: formatAmount(rupeesToPaise(bill.pendingAmt)),
      // Age from the bill's date (its due date is shown beside it) to the statement's date.
      ageDays: Math.max(0, daysBetween(bill.date, asAt)),
    }));
  const openTotalPaise = source.openBills
    .filter((bill) => bill.date <= source.endDate)
    .reduce((total, bill) => total + rupeesToPaise(bill.pendingAmt), 0);
  return {
    title: "Statement of Account",
    organisation: {
      name: source.organisation.name,
      lines: [
        ...(source.organisation.billingAddress ? [source.organisation.billingAddress] : []),
        ...(source.organisation.gstin ? [`GSTIN: ${source.organisation.gstin}`] : []),
      ],
    },
    account: {
      name: source.account.name,
      lines: [
        ...(source.account.billingAddress ? [source.account.billingAddress] : []),
        ...(source.account.gstin ? [`GSTIN: ${source.account.gstin}`] : []),
      ],
    },
    period: `${formatPrintDate(source.startDate)} to ${formatPrintDate(source.endDate)}`,
    opening: balanceText(source.openingBalance),
    closing: balanceText(source.closingBalance),
    totalDebit: formatAmount(rupeesToPaise(source.totalDebit)),
    totalCredit: formatAmount(rupeesToPaise(source.totalCredit)),
    entries: source.entries.map((entry) => ({
      date: formatPrintDate(entry.date),
      particulars: [entry.counterAccount, entry.narration].filter(Boolean).join(" - "),
      voucher: `${entry.voucherTitle} ${entry.number}`,
      debit: entry.debit ? formatAmount(rupeesToPaise(entry.debit)) : "",
      credit: entry.credit ? formatAmount(rupeesToPaise(entry.credit)) : "",
      balance: balanceText(entry.balance),
    })),
    openBills,
    openBillsAsAt: formatPrintDate(asAt),
    openTotal: formatRupees(openTotalPaise),
  };
}

/** The statement's pdfmake content (statement-pdfs.ts adds page, fonts and footer). */
export function describeStatement(
  statement: StatementDocument,
  t: (text: string) => PrintText,
): Content[] {
  const right = (text: string, bold = false): TableCell => ({ text, alignment: "right", bold });
  const entryRows: TableCell[][] = [
    ["Date", "Particulars", "Voucher", "Debit", "Credit", "Balance"].map((text, index) => ({
      text,
      bold: true,
      fillColor: "#eeeeee",
      alignment: index >= 3 ? "right" : "left",
    })),
    ["", { text: "Opening Balance", bold: true }, "", "", "", right(statement.opening, true)],
    ...statement.entries.map((entry) => [
      entry.date,
      // A cell that is an array would be a stack: the runs go in a text.
      { text: t(entry.particulars) },
      { text: t(entry.voucher) },
      right(entry.debit),
      right(entry.credit),
      right(entry.balance),
    ]),
    [
      "",
      { text: "Total", bold: true },
      "",
      right(statement.totalDebit, true),
      right(statement.totalCredit, true),
      "",
    ],
    ["", { text: "Closing Balance", bold: true }, "", "", "", right(statement.closing, true)],
  ];
  const content: Content[] = [
    { text: t(statement.organisation.name), bold: true, fontSize: 13 },
    ...statement.organisation.lines.map((line) => ({ text: t(line) })),
    {
      text: statement.title.toUpperCase(),
      bold: true,
      fontSize: 12,
      alignment: "center",
      margin: [0, 8, 0, 4],
    },
    {
      columns: [
        {
          stack: [
            { text: "To", color: "#555555" },
            { text: t(statement.account.name), bold: true },
            ...statement.account.lines.map((line) => ({ text: t(line) })),
          ],
        },
        { stack: [{ text: `Period: ${statement.period}`, alignment: "right" }] },
      ],
      margin: [0, 0, 0, 6],
    },
    {
      // headerRows repeats the headings on every page of a long statement.
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: ["auto", "*", "auto", "auto", "auto", "auto"],
        body: entryRows,
      },
      layout: "lightHorizontalLines",
    },
  ];
  if (statement.openBills.length > 0) {
    content.push(
      {
        text: `Open Bills as at ${statement.openBillsAsAt}, with their age in days (${statement.openTotal} due)`,
        bold: true,
        margin: [0, 10, 0, 2],
      },
      {
        table: {
          headerRows: 1,
          widths: ["*", "auto", "auto", "auto", "auto", "auto"],
          body: [
            ["Bill No.", "Date", "Due Date", "Amount", "Pending", "Age (days)"].map(
              (text, index) => ({
                text,
                bold: true,
                alignment: index >= 3 ? "right" : "left",
              }),
            ),
            ...statement.openBills.map((bill) => [
              { text: t(bill.number) },
              bill.date,
              bill.dueDate,
              right(bill.total),
              right(bill.pending),
              right(String(bill.ageDays)),
            ]),
          ],
        },
        layout: "lightHorizontalLines",
      },
    );
  }
  return content;
}
